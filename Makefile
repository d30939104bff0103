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

# libFuzzer targets (Fuzz/, a package of their own, scratch path .build-fuzz): each runs for
# FUZZ_SECONDS; crashes go to .build-fuzz/crashes/TARGET.
FUZZ_SECONDS ?= 300
.PHONY: fuzz
fuzz: deps
	Fuzz/run.sh $(FUZZ_SECONDS)
