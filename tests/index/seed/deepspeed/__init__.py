"""The shape of the training framework whose review thread deadwood answers (shared/seed)."""
