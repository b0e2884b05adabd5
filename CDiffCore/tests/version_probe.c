/* Prints the version the shared library reports; check-version compares it with the header. */
#include <stdio.h>

#include "CDiffCore.h"

int main(void) {
    if (cdiff_version_number() != CDIFF_VERSION_NUMBER) return 1;
    puts(cdiff_version_string());
    return 0;
}
