"""The bundle's entry point: the same `main` as the `deckeditor` command."""

from deckeditor.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
