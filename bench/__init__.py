"""migrator's speed benchmark (bench/README.md). Scripts that print figures, not tests."""
