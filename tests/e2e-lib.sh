#!/bin/sh
# e2e-lib.sh: placeholder
