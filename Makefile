# `make test` is the README's second command; like `bin/flownav`, the first, it installs
# libedit-dev first when it is missing, so it works on a machine that has only Swift.
SWIFT ?= swift

.PHONY: test deps bench

test: deps
	$(SWIFT) test

deps:
	@sh .ci/install-deps

# Release builds as bin/flownav makes them (Swift libraries linked statically).
bench: deps
	$(SWIFT) build -c release --static-swift-stdlib --product flownav
	$(SWIFT) run -c release --static-swift-stdlib flownav-bench
