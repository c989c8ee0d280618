"""Stage: fix. Fix intents from the rule table, carried out per file kind, applied by one engine."""
