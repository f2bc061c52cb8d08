"""Fictionary: a rotating Judge picks a rare word, the others make up definitions,
everyone but the Judge hunts for the real one; bots can fill any seat
(`/work/shared/modes/FICTIONARY.md` F1-F24, mapped in `docs/fictionary.md`)."""
