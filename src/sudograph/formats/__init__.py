"""File formats: puzzle files (streaming) and DIMACS graphs."""
