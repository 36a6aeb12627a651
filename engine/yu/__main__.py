"""``python -m engine.yu``: see :mod:`engine.yu.cli`."""

import sys

from engine.yu.cli import main

if __name__ == "__main__":
    sys.exit(main())
