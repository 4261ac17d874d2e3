/*
 * tests/test_bits.c - the bit counting and finding of games/common/bits.h:
 * the plain C versions, which compilers without builtins use, give the
 * builtins' answers.
 */
#include "test.h"

#include "../../games/common/bits.h"

static void test_single_bits(void **unused)
{
    (void)unused;
    assert_int_equal(bits_count(0), 0);
    assert_int_equal(bits_count_portable(0), 0);
    assert_int_equal(bits_count(~UINT64_C(0)), 64);
    assert_int_equal(bits_count_portable(~UINT64_C(0)), 64);
    for (int i = 0; i < 64; i++) {
        uint64_t bit = UINT64_C(1) << i;
        assert_int_equal(bits_lowest(bit), i);
        assert_int_equal(bits_lowest_portable(bit), i);
        assert_int_equal(bits_count_portable(bit), 1);
        /* Every bit above i set as well: the lowest is still i. */
        assert_int_equal(bits_lowest_portable(~(bit - 1)), i);
        assert_int_equal(bits_count_portable(~(bit - 1)), 64 - i);
    }
}

static void test_random_words(void **unused)
{
    (void)unused;
    uint64_t x = UINT64_C(0x2545f4914f6cdd1d);

    for (int i = 0; i < 100000; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        /* Sparse words too, where the lowest bit sits high. */
        uint64_t sparse = x & (x >> 3) & (x << 5);
        assert_int_equal(bits_count_portable(x), bits_count(x));
        assert_int_equal(bits_lowest_portable(x), bits_lowest(x));
        assert_int_equal(bits_count_portable(sparse), bits_count(sparse));
        if (sparse != 0) {
            assert_int_equal(bits_lowest_portable(sparse), bits_lowest(sparse));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_single_bits),
        cmocka_unit_test(test_random_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
