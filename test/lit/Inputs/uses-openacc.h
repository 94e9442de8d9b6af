#include <openacc.h>
