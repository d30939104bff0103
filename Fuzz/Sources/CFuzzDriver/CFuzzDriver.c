// The driver itself is in the fuzzer runtime; this file only gives the target a body.
#include "CFuzzDriver.h"
