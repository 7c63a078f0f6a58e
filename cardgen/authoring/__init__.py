"""What serves a designer's editing: editor schemas, a new game, the reference, dump, watch mode."""
