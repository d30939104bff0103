# The README's two commands: `make shell` and `make test`. Both install libedit-dev first
# when it is missing, so they work on a machine that has only Swift.
SWIFT ?= swift

.PHONY: shell test deps bench

shell: deps
	@$(SWIFT) build -c release --product flownav >&2
	@.build/release/flownav

test: deps
	$(SWIFT) test

deps:
	@sh .ci/install-deps

bench: deps
	$(SWIFT) run -c release flownav-bench
