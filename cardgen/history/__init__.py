"""A game's history: a revision read from git, what changed, errata sheets."""
