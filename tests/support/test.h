/*
 * tests/support/test.h - the one include every cmocka test starts with: cmocka needs
 * these headers before its own.
 */
#ifndef TOURNEY_TESTS_TEST_H
#define TOURNEY_TESTS_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#endif /* TOURNEY_TESTS_TEST_H */
