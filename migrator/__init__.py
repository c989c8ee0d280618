"""migrator: find and fix uses of the service's REST API v4 that v5 breaks."""

__version__ = "0.1.0"
