"""Stage: scan. Scanners know syntax, not rules: each is a pure function ``scan(text, model) ->
[Touch]`` that says what a file does to the API (an endpoint called, a field read on a record, a
parameter sent, a value compared) with its offsets and evidence; a file that does not parse
raises ScanError. Which scanner reads which file is the file kind's business (migrator/kinds).

python.py (+ pyinfer, pycalls, pyflow, pyjson, pysource, pyclock)   Python via ast
ci.py, shell.py (+ shellwords, httpclients, jq, jsonbody)   CI YAML and shell scripts
recorded.py (+ jsonpos, yamlpos, recreq, jsontelemetry)   JSON fixtures, cassettes, HAR, JSON lines
proto.py   telemetry .proto files
urls.py   URLs and API paths, for every scanner
"""
