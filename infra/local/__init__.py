"""The local stack: `make run` serves the game with the real Lambda handlers, no AWS.

One process plays every AWS role the handlers touch (see `infra.local.app`);
`python -m infra.local` starts it, `infra.local.testing.running_stack` starts it
for tests. docs/local-stack.md explains what runs where and what differs from AWS.
"""
