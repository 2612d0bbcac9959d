#include "index/index.h"
