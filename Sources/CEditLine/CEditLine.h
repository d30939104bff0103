#ifndef FLOWNAV_CEDITLINE_H
#define FLOWNAV_CEDITLINE_H
// libedit's native API. histedit.h uses FILE without including stdio.h itself.
#include <stdio.h>
#include <histedit.h>
#endif
