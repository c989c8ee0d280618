"""``python -m migrator`` and the ``migrator`` command. ``--version`` alone is answered here, as
click's version option words it, without importing click or the engine: it is what scripts and
hooks call to probe the tool."""

import sys

from migrator import __version__


def run() -> None:
    if sys.argv[1:] == ["--version"]:
        sys.stdout.write(f"migrator, version {__version__}\n")
        return
    from migrator.cli import main

    main(prog_name="migrator")


if __name__ == "__main__":
    run()
