#ifndef FLOWNAV_CLIBXML2_H
#define FLOWNAV_CLIBXML2_H
// libxml2's tree parser: storyboards, XIBs and Info.plist files are read into a DOM.
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#endif
