"""The values every layer shares: problems and their codes, limits, units, the game model."""
