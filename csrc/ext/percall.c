/* handrank._percall: one hand a call, without cffi's per-call cost.
 *
 * A CPython extension on the limited API (Python 3.9 and up, so wheels stay cp39-abi3). It is
 * not part of the C kernel (it needs Python.h, so it lives apart from the kernel files): it reads the
 * cards of one hand from a tuple or list of plain ints or from a card string, and ranks them
 * with the kernel in handrank._core through the function pointers of handrank.h's struct
 * hr_percall_api, handed over once at import. The tables are not linked twice.
 *
 * Every function returns 0 for anything it does not take (numpy ints, an array, a long or
 * unusual string) and for anything wrong (a bad card, a repeat, a wrong count). The Python
 * caller then takes its checked path, which accepts the rest and names the fault: messages
 * are built only there, and every input type gets the same message as before.
 *
 * The GIL is held: a call is tens of nanoseconds, less than releasing it would cost. State:
 * the api pointer and the Omaha table pointers, each written once (at import, and when the
 * Omaha tables are first built) while the GIL is held, so a reader never sees them half set.
 */
#define Py_LIMITED_API 0x03090000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>

#include "kernel.h"

static const struct hr_percall_api *api;
static const uint16_t *omaha_high, *omaha_low;
static const uint32_t *omaha_board_row;

#if defined(__GNUC__) || defined(__clang__)
#define lowest_bit(x) __builtin_ctzll(x)
#else
static int lowest_bit(uint64_t x) {
    int n = 0;
    for (; !(x & 1); x >>= 1) n++;
    return n;
}
#endif

#define MAX_CARDS 7
#define MAX_TEXT 80 /* longer strings go the checked way */

static int is_separator(Py_UCS4 ch) {
    return ch == ' ' || ch == ',' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* 0..3 for clubs, diamonds, hearts, spades: the letters (either case) and both symbol sets. */
static int suit_of(Py_UCS4 ch) {
    switch (ch) {
    case 'c': case 'C': case 0x2663: case 0x2667: return 0;
    case 'd': case 'D': case 0x2666: case 0x2662: return 1;
    case 'h': case 'H': case 0x2665: case 0x2661: return 2;
    case 's': case 'S': case 0x2660: case 0x2664: return 3;
    default: return -1;
    }
}

/* The cards of a card string, as handrank.parse reads it (tokens split at spaces and commas,
 * each token one or more rank-suit pairs, "10" a ten): their count, or -1 for more than
 * `max` cards, a repeat, or anything parse would refuse or that this reader leaves to it. */
static int read_text(PyObject *text, uint8_t *cards, int max) {
    Py_UCS4 buffer[MAX_TEXT];
    Py_ssize_t length = PyUnicode_GetLength(text);
    if (length < 0 || length > MAX_TEXT || !PyUnicode_AsUCS4(text, buffer, MAX_TEXT, 0)) {
        PyErr_Clear();
        return -1;
    }
    uint64_t seen = 0;
    int n = 0;
    Py_ssize_t i = 0;
    while (i < length) {
        if (is_separator(buffer[i])) {
            i++;
            continue;
        }
        do { /* one rank-suit pair of a token */
            int rank;
            if (buffer[i] == '1' && i + 1 < length && buffer[i + 1] == '0') {
                rank = 8;
                i += 2;
            } else {
                rank = hr_rank_of_char(buffer[i++]);
            }
            if (rank < 0 || i == length) return -1;
            int suit = suit_of(buffer[i++]);
            if (suit < 0 || n == max) return -1;
            int card = rank * 4 + suit;
            if (seen >> card & 1) return -1;
            seen |= 1ull << card;
            cards[n++] = (uint8_t)card;
        } while (i < length && !is_separator(buffer[i]));
    }
    return n;
}

/* The cards of a tuple or list of plain ints 0..51, or of a string: their count, or -1 (see
 * the top of the file: the checked path handles it). */
static int read_cards(PyObject *hand, uint8_t *cards, int max) {
    PyTypeObject *type = Py_TYPE(hand);
    int tuple = type == &PyTuple_Type;
    if (tuple || type == &PyList_Type) {
        Py_ssize_t n = tuple ? PyTuple_Size(hand) : PyList_Size(hand);
        if (n > max) return -1;
        uint64_t seen = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *item = tuple ? PyTuple_GetItem(hand, i) : PyList_GetItem(hand, i);
            if (Py_TYPE(item) != &PyLong_Type) return -1; /* bools, numpy ints: the checked path */
            long card = PyLong_AsLong(item);
            if ((unsigned long)card > 51) { /* negative, too big, or an overflow (-1 with an error set) */
                PyErr_Clear();
                return -1;
            }
            if (seen >> card & 1) return -1;
            seen |= 1ull << card;
            cards[i] = (uint8_t)card;
        }
        return (int)n;
    }
    if (type == &PyUnicode_Type) return read_text(hand, cards, max);
    return -1;
}

static PyObject *no_rank(void) {
    return PyLong_FromLong(0);
}

/* The games one hand a call ranks; compare names its game by these numbers (the module's
 * HOLDEM ... ACE_TO_FIVE). */
enum { GAME_HOLDEM, GAME_SHORTDECK, GAME_SHORTDECK_TRIPS, GAME_DEUCE_TO_SEVEN, GAME_ACE_TO_FIVE, GAME_COUNT };

/* A hand's rank in `game` (5..7 cards; deuce-to-seven 5), or 0: the checked path answers. */
static int rank_in(int game, PyObject *hand) {
    uint8_t cards[MAX_CARDS];
    int n = read_cards(hand, cards, game == GAME_DEUCE_TO_SEVEN ? 5 : MAX_CARDS);
    if (n < 5) return 0;
    if (game == GAME_HOLDEM) {
        int rank = api->rank(cards, n);
        return rank > 0 ? rank : 0;
    }
    hr_batch_fn batch = game == GAME_SHORTDECK         ? api->shortdeck
                        : game == GAME_SHORTDECK_TRIPS ? api->shortdeck_trips
                        : game == GAME_DEUCE_TO_SEVEN  ? api->deuce_to_seven
                                                       : api->ace_to_five;
    uint16_t rank;
    int error;
    return batch(cards, 1, n, &rank, &error) >= 0 ? 0 : rank;
}

static PyObject *holdem(PyObject *module, PyObject *hand) {
    (void)module;
    return PyLong_FromLong(rank_in(GAME_HOLDEM, hand));
}

static PyObject *shortdeck(PyObject *module, PyObject *hand) {
    (void)module;
    return PyLong_FromLong(rank_in(GAME_SHORTDECK, hand));
}

static PyObject *shortdeck_trips(PyObject *module, PyObject *hand) {
    (void)module;
    return PyLong_FromLong(rank_in(GAME_SHORTDECK_TRIPS, hand));
}

static PyObject *deuce_to_seven(PyObject *module, PyObject *hand) {
    (void)module;
    return PyLong_FromLong(rank_in(GAME_DEUCE_TO_SEVEN, hand));
}

static PyObject *ace_to_five(PyObject *module, PyObject *hand) {
    (void)module;
    return PyLong_FromLong(rank_in(GAME_ACE_TO_FIVE, hand));
}

/* compare(game, a, b): 1 when hand a beats b in `game`, -1 when b wins, 0 for a split; 2 when
 * the checked path must answer. Each hand is ranked on its own, as evaluate ranks it. */
static PyObject *compare_of(PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3 || Py_TYPE(args[0]) != &PyLong_Type) return PyLong_FromLong(2);
    long game = PyLong_AsLong(args[0]);
    if (game < 0 || game >= GAME_COUNT) { /* an overflow (-1 with an error set) included */
        PyErr_Clear();
        return PyLong_FromLong(2);
    }
    int first = rank_in((int)game, args[1]), second = first ? rank_in((int)game, args[2]) : 0;
    if (!second) return PyLong_FromLong(2);
    return PyLong_FromLong((first < second) - (first > second));
}

/* Hold'em rank of a hand given as a mask int (bit c set for card c): 5..7 bits below 52. */
static PyObject *holdem_mask(PyObject *module, PyObject *mask) {
    (void)module;
    if (Py_TYPE(mask) != &PyLong_Type) return no_rank();
    unsigned long long bits = PyLong_AsUnsignedLongLong(mask);
    if (bits == (unsigned long long)-1 && PyErr_Occurred()) { /* negative or over 64 bits */
        PyErr_Clear();
        return no_rank();
    }
    if (bits >> 52) return no_rank();
    uint8_t cards[MAX_CARDS];
    int n = 0;
    while (bits) {
        if (n == MAX_CARDS) return no_rank();
        cards[n++] = (uint8_t)lowest_bit(bits);
        bits &= bits - 1;
    }
    if (n < 5) return no_rank();
    return PyLong_FromLong(api->rank(cards, n));
}

/* The card mask of n cards. */
static uint64_t mask_of(const uint8_t *cards, int n) {
    uint64_t bits = 0;
    for (int i = 0; i < n; i++) bits |= 1ull << cards[i];
    return bits;
}

/* Which Omaha tables a call reads: each costs a cache miss or two. */
#define OMAHA_HIGH 1
#define OMAHA_LOW 2

/* Omaha high | low << 16 (the parts `want`s) of hole cards (4..6) on a board (5) with none in
 * `taken` (their mask is added to it), or 0. */
static int omaha_one(PyObject *hole, const uint8_t *board, uint64_t *taken, int want) {
    uint8_t cards[6];
    int n = read_cards(hole, cards, 6);
    if (n < 4) return 0;
    uint64_t bits = mask_of(cards, n);
    if (bits & *taken) return 0;
    *taken |= bits;
    int both = api->omaha_hand(want & OMAHA_HIGH ? omaha_high : NULL, want & OMAHA_LOW ? omaha_low : NULL,
                               omaha_board_row, cards, n, board);
    return both > 0 ? both : 0;
}

/* Omaha's arguments (`nargs` of them): `nholes` hands and a board, the board read; 0 when any
 * is not taken. */
static int omaha_args(PyObject *const *args, Py_ssize_t nargs, int nholes, uint8_t *board, uint64_t *taken) {
    if (!omaha_high || nargs != nholes + 1) return 0;
    if (read_cards(args[nholes], board, 5) != 5) return 0;
    *taken = mask_of(board, 5);
    return 1;
}

/* Omaha: the high rank (or the low: 1..56, None for none) of hole cards (4..6) on a board
 * (5), or 0. */
static PyObject *omaha_part(PyObject *const *args, Py_ssize_t nargs, int want) {
    uint8_t board[5];
    uint64_t taken;
    if (!omaha_args(args, nargs, 1, board, &taken)) return no_rank();
    int both = omaha_one(args[0], board, &taken, want);
    if (want == OMAHA_LOW && both && (both >> 16) == HR_OMAHA_NO_LOW) Py_RETURN_NONE; /* no low */
    return PyLong_FromLong(want == OMAHA_HIGH ? both & 0xFFFF : both >> 16);
}

/* Omaha high: 1 when hole cards a beat b on the board, -1 when b win, 0 for a split; 2 when
 * the checked path must answer (a card in both hands among the things it names). */
static PyObject *omaha_compare_of(PyObject *const *args, Py_ssize_t nargs) {
    uint8_t board[5];
    uint64_t taken;
    if (!omaha_args(args, nargs, 2, board, &taken)) return PyLong_FromLong(2);
    int a = omaha_one(args[0], board, &taken, OMAHA_HIGH) & 0xFFFF;
    int b = a ? omaha_one(args[1], board, &taken, OMAHA_HIGH) & 0xFFFF : 0;
    if (!b) return PyLong_FromLong(2);
    return PyLong_FromLong((a < b) - (a > b));
}

/* Isomorphism: one hand's index, or one index's canonical hand, through the indexer at an
 * address (handrank.isomorphism.Indexer keeps it alive while it calls); round and the hand's
 * card count (width) are the caller's, checked by the kernel again. None when the checked
 * path must answer: anything not taken, a bad card, a wrong count, an index out of range. */
#define ISO_MAX_CARDS 52

static const hr_iso_t *iso_args(PyObject *const *args, Py_ssize_t nargs, int *round, int *width) {
    if (nargs != 4) return NULL;
    const hr_iso_t *iso = (const hr_iso_t *)PyLong_AsVoidPtr(args[0]);
    long r = PyLong_AsLong(args[1]), w = PyLong_AsLong(args[2]);
    if (PyErr_Occurred()) {
        PyErr_Clear();
        return NULL;
    }
    if (r < 0 || r >= HR_ISO_MAX_ROUNDS || w < 1 || w > ISO_MAX_CARDS) return NULL;
    *round = (int)r;
    *width = (int)w;
    return iso;
}

static PyObject *iso_index_of(PyObject *const *args, Py_ssize_t nargs) {
    int round, width, error;
    const hr_iso_t *iso = iso_args(args, nargs, &round, &width);
    uint8_t cards[ISO_MAX_CARDS];
    uint64_t index;
    if (!iso || read_cards(args[3], cards, width) != width ||
        api->iso_index(iso, round, cards, 1, &index, &error) >= 0)
        Py_RETURN_NONE;
    return PyLong_FromUnsignedLongLong(index);
}

static PyObject *iso_unindex_of(PyObject *const *args, Py_ssize_t nargs) {
    int round, width, error;
    const hr_iso_t *iso = iso_args(args, nargs, &round, &width);
    if (!iso || Py_TYPE(args[3]) != &PyLong_Type) Py_RETURN_NONE;
    uint64_t index = PyLong_AsUnsignedLongLong(args[3]);
    if (index == (uint64_t)-1 && PyErr_Occurred()) { /* negative or over 64 bits */
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    uint8_t cards[ISO_MAX_CARDS];
    if (api->iso_unindex(iso, round, &index, 1, cards, &error) >= 0) Py_RETURN_NONE; /* out of range */
    PyObject *hand = PyList_New(width);
    if (!hand) return NULL;
    for (int i = 0; i < width; i++) {
        PyObject *card = PyLong_FromLong(cards[i]);
        if (!card) {
            Py_DECREF(hand);
            return NULL;
        }
        PyList_SetItem(hand, i, card); /* steals the reference */
    }
    return hand;
}

/* The compare, Omaha and isomorphism calls take two to four arguments. From Python 3.10 they are
 * METH_FASTCALL (in the stable ABI from 3.10, flag 0x0080: the headers of a 3.9 limited-API
 * build do not name it), so a call builds no argument tuple; on 3.9 they are METH_VARARGS,
 * whose tuple is read into an array. PyInit__percall picks one by the running interpreter's
 * version. */
#define FASTCALL_FLAG 0x0080
#define MAX_ARGS 4

static Py_ssize_t tuple_items(PyObject *args, PyObject **items) {
    Py_ssize_t n = PyTuple_Size(args);
    if (n > MAX_ARGS) return -1; /* wrong count: refused by each call's argument check */
    for (Py_ssize_t i = 0; i < n; i++) items[i] = PyTuple_GetItem(args, i);
    return n;
}

/* One call taking two to four arguments, from one body over an argument array (`args`,
 * `nargs`): call_NAME_fast for METH_FASTCALL and call_NAME for METH_VARARGS. */
#define ARRAY_CALL(name, body)                                                                    \
    static PyObject *call_##name##_fast(PyObject *module, PyObject *const *args, Py_ssize_t nargs) { \
        (void)module;                                                                             \
        return body;                                                                              \
    }                                                                                             \
    static PyObject *call_##name(PyObject *module, PyObject *tuple) {                             \
        PyObject *items[MAX_ARGS];                                                                \
        return call_##name##_fast(module, items, tuple_items(tuple, items));                      \
    }

ARRAY_CALL(compare, compare_of(args, nargs))
ARRAY_CALL(omaha_high, omaha_part(args, nargs, OMAHA_HIGH))
ARRAY_CALL(omaha_low, omaha_part(args, nargs, OMAHA_LOW))
ARRAY_CALL(omaha_compare, omaha_compare_of(args, nargs))
ARRAY_CALL(iso_index, iso_index_of(args, nargs))
ARRAY_CALL(iso_unindex, iso_unindex_of(args, nargs))

static void *address(PyObject *value) {
    return PyLong_AsVoidPtr(value);
}

static PyObject *bind(PyObject *module, PyObject *args) {
    PyObject *where;
    (void)module;
    if (!PyArg_UnpackTuple(args, "bind", 1, 1, &where)) return NULL;
    const struct hr_percall_api *given = (const struct hr_percall_api *)address(where);
    if (!given) return PyErr_Occurred() ? NULL : PyErr_Format(PyExc_ValueError, "no kernel to bind");
    if (given->version != HR_PERCALL_VERSION)
        return PyErr_Format(PyExc_ImportError, "handrank._percall was built for kernel interface %d, "
                            "handrank._core has %d: reinstall handrank", HR_PERCALL_VERSION, given->version);
    api = given;
    Py_RETURN_NONE;
}

static PyObject *bind_omaha(PyObject *module, PyObject *args) {
    PyObject *high, *low, *board_row;
    (void)module;
    if (!PyArg_UnpackTuple(args, "bind_omaha", 3, 3, &high, &low, &board_row)) return NULL;
    const uint16_t *high_table = (const uint16_t *)address(high), *low_table = (const uint16_t *)address(low);
    const uint32_t *rows = (const uint32_t *)address(board_row);
    if (PyErr_Occurred()) return NULL;
    omaha_low = low_table;
    omaha_board_row = rows;
    omaha_high = high_table; /* last: omaha() reads the tables once this is set */
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"bind", bind, METH_VARARGS, "bind(address): the kernel's hr_percall_api(), once at import."},
    {"bind_omaha", bind_omaha, METH_VARARGS, "bind_omaha(high, low, board_row): the Omaha pair tables' addresses."},
    {"holdem", holdem, METH_O, "holdem(hand): Hold'em rank of 5..7 cards, or 0 (take the checked path)."},
    {"compare", call_compare, METH_VARARGS, "compare(game, a, b): 1, -1, 0, or 2 (take the checked path)."},
    {"holdem_mask", holdem_mask, METH_O, "holdem_mask(mask): Hold'em rank of a card mask, or 0."},
    {"shortdeck", shortdeck, METH_O, "shortdeck(hand): short-deck rank, or 0."},
    {"shortdeck_trips", shortdeck_trips, METH_O, "shortdeck_trips(hand): short-deck rank, trips beat a straight, or 0."},
    {"deuce_to_seven", deuce_to_seven, METH_O, "deuce_to_seven(hand): deuce-to-seven rank of 5 cards, or 0."},
    {"ace_to_five", ace_to_five, METH_O, "ace_to_five(hand): ace-to-five rank of 5..7 cards, or 0."},
    {"omaha_high", call_omaha_high, METH_VARARGS, "omaha_high(hole, board): Omaha high rank, or 0."},
    {"omaha_low", call_omaha_low, METH_VARARGS, "omaha_low(hole, board): Omaha low, None for none, or 0."},
    {"omaha_compare", call_omaha_compare, METH_VARARGS, "omaha_compare(a, b, board): 1, -1, 0, or 2 (take the checked path)."},
    {"iso_index", call_iso_index, METH_VARARGS, "iso_index(indexer, round, width, hand): its class, or None."},
    {"iso_unindex", call_iso_unindex, METH_VARARGS, "iso_unindex(indexer, round, width, index): its hand, or None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef percall_module = {
    PyModuleDef_HEAD_INIT, "handrank._percall",
    "One hand a call for handrank's evaluate and compare (private: use the game modules).", -1, methods,
    NULL, NULL, NULL, NULL,
};

/* Whether the running interpreter is 3.10 or later ("3.9.18 (main, ...)" is not). */
static int fastcall_runs(void) {
    const char *version = Py_GetVersion();
    int major = 0, minor = 0;
    while (*version >= '0' && *version <= '9') major = 10 * major + (*version++ - '0');
    if (*version++ != '.') return 0;
    while (*version >= '0' && *version <= '9') minor = 10 * minor + (*version++ - '0');
    return major > 3 || (major == 3 && minor >= 10);
}

typedef PyObject *(*fastcall_fn)(PyObject *, PyObject *const *, Py_ssize_t);

PyMODINIT_FUNC PyInit__percall(void) {
    if (fastcall_runs()) {
        static const struct {
            const char *name;
            fastcall_fn fast;
        } fast[] = {{"compare", call_compare_fast},
                    {"omaha_high", call_omaha_high_fast},
                    {"omaha_low", call_omaha_low_fast},
                    {"omaha_compare", call_omaha_compare_fast},
                    {"iso_index", call_iso_index_fast},
                    {"iso_unindex", call_iso_unindex_fast}};
        for (PyMethodDef *method = methods; method->ml_name; method++)
            for (size_t i = 0; i < sizeof fast / sizeof fast[0]; i++)
                if (!strcmp(method->ml_name, fast[i].name)) {
                    method->ml_meth = (PyCFunction)(void (*)(void))fast[i].fast;
                    method->ml_flags = FASTCALL_FLAG;
                }
    }
    PyObject *module = PyModule_Create(&percall_module);
    static const struct {
        const char *name;
        int game;
    } games[] = {{"HOLDEM", GAME_HOLDEM}, {"SHORTDECK", GAME_SHORTDECK}, {"SHORTDECK_TRIPS", GAME_SHORTDECK_TRIPS},
                 {"DEUCE_TO_SEVEN", GAME_DEUCE_TO_SEVEN}, {"ACE_TO_FIVE", GAME_ACE_TO_FIVE}};
    for (size_t i = 0; module && i < sizeof games / sizeof games[0]; i++)
        if (PyModule_AddIntConstant(module, games[i].name, games[i].game) < 0) {
            Py_DECREF(module);
            module = NULL;
        }
    return module;
}
