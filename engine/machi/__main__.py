"""``python -m engine.machi``: see :mod:`engine.machi.cli`."""

import sys

from engine.machi.cli import main

if __name__ == "__main__":
    sys.exit(main())
