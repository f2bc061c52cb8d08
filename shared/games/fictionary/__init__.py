"""Fictionary: a rotating Judge picks a rare word, the others make up definitions,
everyone but the Judge hunts for the real one; bots can fill any seat
(rules F1-F24 with their code and tests: `docs/fictionary.md`)."""
