"""`python -m cardgen` is the `cardgen` command."""
from cardgen.entry import main

main()
