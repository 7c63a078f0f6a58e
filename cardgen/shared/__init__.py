"""Shared pieces below the build steps: the schema reader, YAML, paths, colours, conditions, packing, tiling."""
