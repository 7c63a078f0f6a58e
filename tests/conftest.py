"""Shared by every test: the tests folder is importable (`pdfsheets` reads built PDFs back)."""
