"""`python -m cardgen` is the `cardgen` command."""
from cardgen.cli import main

main()
