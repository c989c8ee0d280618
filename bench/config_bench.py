"""Prints how long configuration lookup takes for many files: `Configs.settings_for` over a
generated tree of 10,000 files in 500 directories with nested configuration files, how many
directories it looked at, and the cost of `FileSettings.excluded` and `ignored_codes` per file."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from migrator import config
from migrator.config import Configs
from migrator.ruletable import load_table


def make_tree(root: Path, directories: int = 500, files: int = 20) -> list[Path]:
    (root / "pyproject.toml").write_text('[tool.migrator]\nextend-exclude = ["vendor", "*_pb2.py"]\n'
                                         '[tool.migrator.per-file-ignores]\n"tests/*" = ["MIG060"]\n')
    paths = []
    for d in range(directories):
        directory = root / f"pkg{d % 25}" / f"sub{d}" / "deep"
        directory.mkdir(parents=True)
        if d % 50 == 0:
            (directory.parent / "migrator.toml").write_text('select = ["MIG06"]\n')
        paths += [directory / f"m{i}.py" for i in range(files)]
    return paths


def main() -> None:
    table = load_table()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        paths = make_tree(root)
        looked = []
        real = config.find_config
        config.find_config = lambda d: looked.append(d) or real(d)
        start = time.perf_counter()
        found = Configs(cwd=root, table=table)
        settings = [found.settings_for(p) for p in paths]
        lookup = time.perf_counter() - start
        config.find_config = real
        start = time.perf_counter()
        for s, p in zip(settings, paths, strict=True):
            s.excluded(p)
            s.ignored_codes(p)
        per_file = time.perf_counter() - start
        start = time.perf_counter()
        for s, p in zip(settings, paths, strict=True):
            s.excluded(p, parents=False)
        walking = time.perf_counter() - start
    print(f"settings_for: {len(paths):,} files in {lookup:.3f} s; {len(looked):,} directories looked at once each "
          f"({len(set(looked)) == len(looked)}); {len({id(s) for s in settings})} distinct settings")
    print(f"excluded (with parents) + ignored_codes: {per_file / len(paths) * 1e6:.1f} µs per file; "
          f"excluded(parents=False), as a walk asks: {walking / len(paths) * 1e6:.1f} µs per file")


if __name__ == "__main__":
    main()
