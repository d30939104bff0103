#include <stddef.h>
#include <stdint.h>

/// Exported by libFuzzer's runtime (`-sanitize=fuzzer`): runs the fuzzer with the command line
/// given, calling `callback` for each input. A program with its own `main` calls this.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
