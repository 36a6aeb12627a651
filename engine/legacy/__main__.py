"""``python -m engine.legacy``: see :mod:`engine.legacy.cli`."""

import sys

from engine.legacy.cli import main

if __name__ == "__main__":
    sys.exit(main())
