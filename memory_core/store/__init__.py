"""Storage seams and their backends (SQL via SQLAlchemy, seed-compatible YAML)."""
