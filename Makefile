# `make test` is the README's second command; like `bin/flownav`, the first, it installs
# libedit-dev first when it is missing, so it works on a machine that has only Swift.
SWIFT ?= swift

.PHONY: test deps bench

test: deps
	$(SWIFT) test

deps:
	@sh .ci/install-deps

bench: deps
	$(SWIFT) run -c release flownav-bench
