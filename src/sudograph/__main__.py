import sys

try:
    from .cli import main
except KeyboardInterrupt:  # Ctrl-C while Python loads the CLI: nothing begun, no traceback
    sys.stderr.write("sudograph: error: interrupted\n")
    sys.exit(130)

sys.exit(main())
