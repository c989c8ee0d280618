"""The application layer: what a command does, apart from how it is typed (cli.py) and how its
results are shown (report/). It holds the settings of a run, the loaded rule table, one
parallel runner that check and fix share, and the use cases: check, fix, audit a log."""
