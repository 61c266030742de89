/* The packed-board primitives of solver/sudoku/search.py in machine words.
 *
 * search.py is the reference: its board is one Python int, and a propagation round is a
 * dozen whole-board int operations. Those operations are C calls already, so compiling the
 * Python around them (mypyc) gains little; here the same operations run on an array of
 * 64-bit words, with the same results bit for bit: the same subtraction with borrow, the
 * same highest-bit-first placement order, the same branching group. Only the
 * representation differs, so every node count, solution order and verdict is the one the
 * pure-Python search gives (tests/sudoku/test_compiled_core.py compares them).
 *
 * One Core object per board geometry holds the tables (guards, lows, owners, placement
 * masks); its methods take and return the board as a Python int:
 *   place(parent, bit)      -> propagate(parent & keep[owner[bit]]), or -1 at a dead end
 *   propagate(z)            -> singles to a fixpoint, or -1
 *   branch(z)               -> the candidates of the fewest-candidates group (search._fewest)
 *   extends(start, limit)   -> True / False / None (search.extends)
 *   givens(start, values)   -> the givens placed on ``start``, or -1 (search._givens_board)
 *   values(z)               -> a finished board's solution (search._values)
 *   cells(z)                -> the digits left for every open cell, 0 for a placed one (pruning._cells)
 *   walk(z, propagations)   -> a Walk: the depth-first loop of search.Search.walk itself, on words
 *
 * A Walk holds one search's stack and counters in C, so a node costs no int conversion and
 * no Python. run(limit, pause) goes on where the last call stopped, to the next solution
 * (SOLVED, values() gives it), the end (DONE), the node limit (LIMIT) or, with pause, the
 * node count where Search.walk refines its root (PAUSED: restart(board, propagations) goes on
 * from the refined root). The steps, their order and every counter are those of
 * Search.walk's loop when it branches on the fewest candidates, unshuffled.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the packed core reads ints as little-endian words; this machine runs the pure-Python search"
#endif

typedef uint64_t word;

typedef struct {
    PyObject_HEAD
    Py_ssize_t words;       /* 64-bit words of a board */
    Py_ssize_t total;       /* bits of a board */
    Py_ssize_t cell_base;   /* bit offset of cell 0's group */
    Py_ssize_t width;       /* bits per group (N + 1) */
    int n;                  /* N */
    word *guards, *lows;
    int32_t *owner;         /* per bit: the cell-group bit of its candidate, or -1 */
    word *keep;             /* per cell-group slot (bit - cell_base): its placement mask */
    word *scratch;          /* 4 boards of working space */
} Core;

/* -- ints in and out ------------------------------------------------------------------ */

static int
to_words(PyObject *value, word *out, Py_ssize_t words)
{
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a packed board is an int");
        return -1;
    }
    if (_PyLong_Sign(value) < 0) {
        PyErr_SetString(PyExc_ValueError, "a packed board is not negative");
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t need = PyLong_AsNativeBytes(value, out, words * 8,
                                           Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
    if (need < 0)
        return -1;
    if (need > words * 8) {
        PyErr_SetString(PyExc_OverflowError, "int wider than the board");
        return -1;
    }
    return 0;
#else
    return _PyLong_AsByteArray((PyLongObject *)value, (unsigned char *)out, (size_t)words * 8, 1, 0);
#endif
}

static PyObject *
from_words(const word *in, Py_ssize_t words)
{
    return _PyLong_FromByteArray((const unsigned char *)in, (size_t)words * 8, 1, 0);
}

/* -- whole-board word operations ------------------------------------------------------ */

static inline int
top_bit(const word *a, Py_ssize_t words)   /* the highest set bit, or -1 */
{
    for (Py_ssize_t w = words - 1; w >= 0; w--)
        if (a[w])
            return (int)(w * 64 + 63 - __builtin_clzll(a[w]));
    return -1;
}

static inline int
low_bit(const word *a, Py_ssize_t words)   /* the lowest set bit, or -1 */
{
    for (Py_ssize_t w = 0; w < words; w++)
        if (a[w])
            return (int)(w * 64 + __builtin_ctzll(a[w]));
    return -1;
}

static inline int
is_zero(const word *a, Py_ssize_t words)
{
    for (Py_ssize_t w = 0; w < words; w++)
        if (a[w])
            return 0;
    return 1;
}

/* Singles to a fixpoint, in place (search._propagate); 0, or -1 at a dead end. */
static int
propagate(const Core *c, word *z)
{
    const Py_ssize_t words = c->words;
    const int n = c->n;
    const word *g = c->guards, *lo = c->lows;
    word *single = c->scratch, *lone = c->scratch + words;
    for (;;) {
        word b1 = 0, b2 = 0, any = 0;
        for (Py_ssize_t w = 0; w < words; w++) {
            word opened = z[w] & g[w];
            word cand = z[w] ^ opened;
            /* less = (cand | guards) - lows, word by word with the borrow */
            word a = cand | g[w];
            word less = a - lo[w] - b1;
            b1 = (a < lo[w]) || (a - lo[w] < b1);
            if ((less & opened) != opened)
                return -1;
            /* x = ((cand & less) | guards) - lows */
            word a2 = (cand & less) | g[w];
            word x = a2 - lo[w] - b2;
            b2 = (a2 < lo[w]) || (a2 - lo[w] < b2);
            single[w] = opened ^ (x & g[w]);
            any |= single[w];
        }
        if (!any)
            return 0;
        /* lone = cand & (single - (single >> n)) */
        word b3 = 0;
        int top = -1;
        for (Py_ssize_t w = 0; w < words; w++) {
            word shifted = single[w] >> n;
            if (w + 1 < words)
                shifted |= single[w + 1] << (64 - n);
            word s = single[w];
            word d = s - shifted - b3;
            b3 = (s < shifted) || (s - shifted < b3);
            lone[w] = (z[w] & ~g[w]) & d;
            if (lone[w])
                top = (int)w;
        }
        while (top >= 0) {
            if (!lone[top]) {
                top--;
                continue;
            }
            int bit = top * 64 + 63 - __builtin_clzll(lone[top]);
            int own = c->owner[bit];
            const word *k = c->keep + (Py_ssize_t)(own - c->cell_base) * words;
            for (Py_ssize_t w = 0; w < words; w++) {
                z[w] &= k[w];
                lone[w] &= z[w];
            }
            if (own == bit)
                lone[bit >> 6] ^= (word)1 << (bit & 63);
        }
    }
}

/* The candidates of the highest open group with the fewest candidates (search._fewest and
 * the group's bits, ``z & (group - (group >> n))``), into out; 0, or -1 when none. */
static int
branch(const Core *c, const word *z, word *out)
{
    const Py_ssize_t words = c->words;
    const int n = c->n;
    const word *g = c->guards, *lo = c->lows;
    word *rest = c->scratch + 2 * words, *at_least = c->scratch + 3 * words;
    word b = 0;
    for (Py_ssize_t w = 0; w < words; w++) {
        word opened = z[w] & g[w];
        word r = z[w] ^ opened;
        word a = r | g[w];
        word less = a - lo[w] - b;
        b = (a < lo[w]) || (a - lo[w] < b);
        rest[w] = r & less;
        at_least[w] = opened;
    }
    for (;;) {
        word b1 = 0, b2 = 0, any_exact = 0, any_more = 0;
        int exact_top = -1;
        for (Py_ssize_t w = 0; w < words; w++) {
            word a = rest[w] | g[w];
            word less = a - lo[w] - b1;
            b1 = (a < lo[w]) || (a - lo[w] < b1);
            rest[w] &= less;
            word a2 = rest[w] | g[w];
            word x = a2 - lo[w] - b2;
            b2 = (a2 < lo[w]) || (a2 - lo[w] < b2);
            word more = x & g[w];
            word exact = at_least[w] ^ more;
            if (exact)
                exact_top = (int)w;
            any_exact |= exact;
            any_more |= more;
            /* keep exact in out for the top search, more for the next round */
            out[w] = exact;
            at_least[w] = more;
        }
        if (any_exact) {
            int bit = exact_top * 64 + 63 - __builtin_clzll(out[exact_top]);
            /* the group: bits bit-n .. bit-1 */
            memset(out, 0, (size_t)words * sizeof(word));
            for (int i = bit - n; i < bit; i++)
                out[i >> 6] |= ((word)1 << (i & 63)) & z[i >> 6];
            return 0;
        }
        if (!any_more)
            return -1;
    }
}

static inline void
place_into(const Core *c, const word *parent, int bit, word *child)
{
    const word *k = c->keep + (Py_ssize_t)(c->owner[bit] - c->cell_base) * c->words;
    for (Py_ssize_t w = 0; w < c->words; w++)
        child[w] = parent[w] & k[w];
}

static int
check_bit(const Core *c, Py_ssize_t bit)
{
    if (bit < 0 || bit >= c->total || c->owner[bit] < 0) {
        PyErr_Format(PyExc_ValueError, "bit %zd is no candidate of the board", bit);
        return -1;
    }
    return 0;
}

/* -- the Python type ------------------------------------------------------------------ */

static void
Core_dealloc(Core *self)
{
    PyMem_Free(self->guards);
    PyMem_Free(self->lows);
    PyMem_Free(self->owner);
    PyMem_Free(self->keep);
    PyMem_Free(self->scratch);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Core(total, n, cell_base, guards, lows, owner, keep): the Board's tables; keep[bit] for
 * every cell-group bit of a candidate (any indexable: a list, or computed per lookup). */
static int
Core_init(Core *self, PyObject *args, PyObject *kwds)
{
    Py_ssize_t total, cell_base;
    int n;
    PyObject *guards, *lows, *owner, *keep;
    if (!PyArg_ParseTuple(args, "nin" "OOOO", &total, &n, &cell_base, &guards, &lows, &owner, &keep))
        return -1;
    if (self->guards) {
        PyErr_SetString(PyExc_TypeError, "a Core is made once");
        return -1;
    }
    if (n < 1 || n > 62 || total < 1 || cell_base < 0 || cell_base >= total) {
        PyErr_SetString(PyExc_ValueError, "no board of that shape");
        return -1;
    }
    self->n = n;
    self->total = total;
    self->cell_base = cell_base;
    self->width = n + 1;
    self->words = (total + 63) / 64;
    Py_ssize_t words = self->words, slots = total - cell_base;
    self->guards = PyMem_Calloc((size_t)words, sizeof(word));
    self->lows = PyMem_Calloc((size_t)words, sizeof(word));
    self->owner = PyMem_Calloc((size_t)total, sizeof(int32_t));
    self->keep = PyMem_Calloc((size_t)(slots * words), sizeof(word));
    self->scratch = PyMem_Calloc((size_t)(4 * words), sizeof(word));
    if (!self->guards || !self->lows || !self->owner || !self->keep || !self->scratch) {
        PyErr_NoMemory();
        return -1;
    }
    if (to_words(guards, self->guards, words) < 0 || to_words(lows, self->lows, words) < 0)
        return -1;
    if (PySequence_Length(owner) != total) {
        PyErr_SetString(PyExc_ValueError, "owner must have a value per bit");
        return -1;
    }
    for (Py_ssize_t bit = 0; bit < total; bit++) {
        PyObject *item = PySequence_GetItem(owner, bit);
        if (!item)
            return -1;
        long value = PyLong_AsLong(item);
        Py_DECREF(item);
        if (value == -1 && PyErr_Occurred())
            return -1;
        if (value < -1 || value >= total || (value >= 0 && value < cell_base)) {
            PyErr_SetString(PyExc_ValueError, "an owner outside the cell groups");
            return -1;
        }
        self->owner[bit] = (int32_t)value;
    }
    for (Py_ssize_t bit = cell_base; bit < total; bit++) {
        if (self->owner[bit] != bit)
            continue;
        PyObject *index = PyLong_FromSsize_t(bit);
        if (!index)
            return -1;
        PyObject *mask = PyObject_GetItem(keep, index);
        Py_DECREF(index);
        if (!mask)
            return -1;
        int bad = to_words(mask, self->keep + (bit - cell_base) * words, words);
        Py_DECREF(mask);
        if (bad < 0)
            return -1;
    }
    return 0;
}

static int
board_arg(Core *self, PyObject *value, word *out)
{
    return to_words(value, out, self->words);
}

static PyObject *
Core_propagate(Core *self, PyObject *value)
{
    word *z = PyMem_Malloc((size_t)self->words * sizeof(word));
    if (!z)
        return PyErr_NoMemory();
    PyObject *result = NULL;
    if (board_arg(self, value, z) == 0)
        result = propagate(self, z) < 0 ? PyLong_FromLong(-1) : from_words(z, self->words);
    PyMem_Free(z);
    return result;
}

static PyObject *
Core_place(Core *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "place(parent, bit)");
        return NULL;
    }
    Py_ssize_t bit = PyLong_AsSsize_t(args[1]);
    if (bit == -1 && PyErr_Occurred())
        return NULL;
    if (check_bit(self, bit) < 0)
        return NULL;
    word *z = PyMem_Malloc((size_t)self->words * sizeof(word));
    if (!z)
        return PyErr_NoMemory();
    PyObject *result = NULL;
    if (board_arg(self, args[0], z) == 0) {
        place_into(self, z, (int)bit, z);
        result = propagate(self, z) < 0 ? PyLong_FromLong(-1) : from_words(z, self->words);
    }
    PyMem_Free(z);
    return result;
}

static PyObject *
Core_branch(Core *self, PyObject *value)
{
    Py_ssize_t words = self->words;
    word *z = PyMem_Malloc((size_t)(2 * words) * sizeof(word));
    if (!z)
        return PyErr_NoMemory();
    PyObject *result = NULL;
    if (board_arg(self, value, z) == 0) {
        if (branch(self, z, z + words) < 0)
            PyErr_SetString(PyExc_ValueError, "the board has no open group of two or more");
        else
            result = from_words(z + words, words);
    }
    PyMem_Free(z);
    return result;
}

/* search._givens_board: every given placed on ``start`` (the board of every candidate the
 * rules allow), or -1 when one is already ruled out or a group is left empty. */
static PyObject *
Core_givens(Core *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "givens(start, values)");
        return NULL;
    }
    const Py_ssize_t words = self->words;
    PyObject *values = PySequence_Fast(args[1], "givens are a sequence of values");
    if (!values)
        return NULL;
    Py_ssize_t cells = (self->total - self->cell_base) / self->width;
    word *z = PyMem_Malloc((size_t)words * sizeof(word));
    PyObject *result = NULL;
    if (!z) {
        PyErr_NoMemory();
        goto done;
    }
    if (PySequence_Fast_GET_SIZE(values) != cells) {
        PyErr_SetString(PyExc_ValueError, "a value per cell");
        goto done;
    }
    if (board_arg(self, args[0], z) < 0)
        goto done;
    for (Py_ssize_t cell = 0; cell < cells; cell++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(values, cell));
        if (value == -1 && PyErr_Occurred())
            goto done;
        if (!value)
            continue;
        if (value < 0 || value > self->n) {
            PyErr_SetString(PyExc_ValueError, "a value outside 0..N");
            goto done;
        }
        Py_ssize_t bit = self->cell_base + cell * self->width + value - 1;
        if (!(z[bit >> 6] >> (bit & 63) & 1)) {
            result = PyLong_FromLong(-1);
            goto done;
        }
        place_into(self, z, (int)bit, z);
    }
    /* an open group with no candidate: ((z ^ opened) | guards) - lows & opened != opened */
    word borrow = 0;
    for (Py_ssize_t w = 0; w < words; w++) {
        word opened = z[w] & self->guards[w];
        word a = (z[w] ^ opened) | self->guards[w];
        word less = a - self->lows[w] - borrow;
        borrow = (a < self->lows[w]) || (a - self->lows[w] < borrow);
        if ((less & opened) != opened) {
            result = PyLong_FromLong(-1);
            goto done;
        }
    }
    result = from_words(z, words);
done:
    PyMem_Free(z);
    Py_DECREF(values);
    return result;
}

/* The cell groups of a board, one int per cell: ``open_only`` -- the digits left of an open
 * cell, 0 for a closed one (pruning._cells); else the number of its highest digit left, the
 * value of a finished board (search._values). */
static PyObject *
cell_groups_of(const Core *self, const word *z, int open_only)
{
    const Py_ssize_t words = self->words, width = self->width;
    const int n = self->n;
    Py_ssize_t cells = (self->total - self->cell_base) / width;
    PyObject *out = open_only ? PyList_New(cells) : PyTuple_New(cells);
    if (!out)
        return NULL;
    for (Py_ssize_t cell = 0; cell < cells; cell++) {
        Py_ssize_t at = self->cell_base + cell * width;
        /* the group's width + 1 bits from bit ``at`` (at most 63 of them, n <= 62) */
        word group = z[at >> 6] >> (at & 63);
        if ((at & 63) + width > 64 && (at >> 6) + 1 < words)
            group |= z[(at >> 6) + 1] << (64 - (at & 63));
        group &= ((word)1 << width) - 1;
        word digits = group & (((word)1 << n) - 1);
        long item;
        if (open_only)
            item = group >> n ? (long)digits : 0;
        else
            item = digits ? 64 - __builtin_clzll(digits) : 0;
        PyObject *number = PyLong_FromLong(item);
        if (!number) {
            Py_DECREF(out);
            return NULL;
        }
        if (open_only)
            PyList_SET_ITEM(out, cell, number);
        else
            PyTuple_SET_ITEM(out, cell, number);
    }
    return out;
}

static PyObject *
cell_groups(Core *self, PyObject *value, int open_only)
{
    word *z = PyMem_Malloc((size_t)self->words * sizeof(word));
    if (!z)
        return PyErr_NoMemory();
    PyObject *out = board_arg(self, value, z) < 0 ? NULL : cell_groups_of(self, z, open_only);
    PyMem_Free(z);
    return out;
}

static PyObject *
Core_values(Core *self, PyObject *value)
{
    return cell_groups(self, value, 0);
}

static PyObject *
Core_cells(Core *self, PyObject *value)
{
    return cell_groups(self, value, 1);
}

/* search.extends: whether some solution extends the board; None at the node limit. */
static PyObject *
Core_extends(Core *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "extends(start, node_limit)");
        return NULL;
    }
    long long node_limit = PyLong_AsLongLong(args[1]);
    if (node_limit == -1 && PyErr_Occurred())
        return NULL;
    if (PyLong_Check(args[0]) && _PyLong_Sign(args[0]) < 0)
        Py_RETURN_FALSE;
    const Py_ssize_t words = self->words;
    /* stack entries: [parent board, untried bits]; depth is at most the cells + 1 */
    Py_ssize_t depth_max = (self->total - self->cell_base) / self->width + 2;
    word *z = PyMem_Malloc((size_t)((1 + 2 * depth_max) * words) * sizeof(word));
    if (!z)
        return PyErr_NoMemory();
    word *stack = z + words;
    if (board_arg(self, args[0], z) < 0) {
        PyMem_Free(z);
        return NULL;
    }
    PyObject *answer;
    if (propagate(self, z) < 0) {
        answer = Py_False;
        goto done;
    }
    Py_ssize_t depth = 0;
    long long nodes = 1;
    for (;;) {
        int open = 0;
        for (Py_ssize_t w = 0; w < words; w++)
            if (z[w] & self->guards[w]) {
                open = 1;
                break;
            }
        if (!open) {
            answer = Py_True;
            goto done;
        }
        word *entry = stack + depth * 2 * words;
        memcpy(entry, z, (size_t)words * sizeof(word));
        if (branch(self, z, entry + words) < 0) {   /* no group of two: cannot happen after propagate */
            answer = Py_False;
            goto done;
        }
        depth++;
        for (;;) {
            if (!depth) {
                answer = Py_False;
                goto done;
            }
            if (nodes >= node_limit) {
                answer = Py_None;
                goto done;
            }
            word *top = stack + (depth - 1) * 2 * words;
            word *bits = top + words;
            int bit = low_bit(bits, words);
            bits[bit >> 6] ^= (word)1 << (bit & 63);
            nodes++;
            place_into(self, top, bit, z);
            if (is_zero(bits, words))
                depth--;
            if (propagate(self, z) == 0)
                break;
        }
    }
done:
    PyMem_Free(z);
    Py_INCREF(answer);
    return answer;
}

static PyObject *
Core_words(Core *self, void *closure)
{
    (void)closure;
    return PyLong_FromSsize_t(self->words);
}

/* -- one search's depth-first loop (search.Search.walk) ---------------------------------- */

enum { WALK_DONE = 0, WALK_SOLVED = 1, WALK_LIMIT = 2, WALK_PAUSED = 3 };

typedef struct {
    PyObject_HEAD
    Core *core;               /* a reference held */
    word *current;            /* the board to expand next (when has_current) */
    word *stack;              /* entries of [parent board, untried candidate bits] */
    word *cell_guards;        /* the guard bits of the cell groups: open cells */
    Py_ssize_t depth, depth_max;
    int has_current, reported;   /* reported: current is a solution run() has returned */
    long long nodes, guesses, backtracks, propagations;
} Walk;

static PyTypeObject WalkType;

static int
open_cells(const Walk *walk, const word *z)
{
    int count = 0;
    for (Py_ssize_t w = 0; w < walk->core->words; w++)
        count += __builtin_popcountll(z[w] & walk->cell_guards[w]);
    return count;
}

/* Core.walk(z, propagations): a search from the propagated root board ``z``. */
static PyObject *
Core_walk(Core *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "walk(z, propagations)");
        return NULL;
    }
    long long propagations = PyLong_AsLongLong(args[1]);
    if (propagations == -1 && PyErr_Occurred())
        return NULL;
    Walk *walk = PyObject_New(Walk, &WalkType);
    if (!walk)
        return NULL;
    const Py_ssize_t words = self->words, cells = (self->total - self->cell_base) / self->width;
    walk->core = (Core *)Py_NewRef(self);
    walk->depth_max = cells + 2;
    walk->current = PyMem_Calloc((size_t)((2 + 2 * walk->depth_max) * words), sizeof(word));
    walk->stack = walk->current ? walk->current + words : NULL;
    walk->cell_guards = walk->current ? walk->current + (1 + 2 * walk->depth_max) * words : NULL;
    walk->depth = 0;
    walk->has_current = 1;
    walk->reported = 0;
    walk->nodes = 1;
    walk->guesses = walk->backtracks = 0;
    walk->propagations = propagations;
    if (!walk->current) {
        Py_DECREF(walk);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t cell = 0; cell < cells; cell++) {
        Py_ssize_t bit = self->cell_base + cell * self->width + self->n;
        walk->cell_guards[bit >> 6] |= (word)1 << (bit & 63);
    }
    if (board_arg(self, args[0], walk->current) < 0) {
        Py_DECREF(walk);
        return NULL;
    }
    return (PyObject *)walk;
}

static void
Walk_dealloc(Walk *self)
{
    PyMem_Free(self->current);
    Py_XDECREF(self->core);
    PyObject_Free(self);
}

/* run(limit, pause): on to the next solution, the end, ``limit`` nodes (0: none) or, before
 * a branch is taken, ``pause`` nodes (0: none); SOLVED 1, DONE 0, LIMIT 2, PAUSED 3. */
static PyObject *
Walk_run(Walk *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "run(limit, pause)");
        return NULL;
    }
    long long limit = PyLong_AsLongLong(args[0]), pause = PyLong_AsLongLong(args[1]);
    if ((limit == -1 || pause == -1) && PyErr_Occurred())
        return NULL;
    const Core *c = self->core;
    const Py_ssize_t words = c->words;
    for (;;) {
        if (self->has_current) {
            int open = 0;
            for (Py_ssize_t w = 0; w < words && !open; w++)
                open = (self->current[w] & c->guards[w]) != 0;
            if (!open) {
                if (!self->reported) {
                    self->reported = 1;
                    return PyLong_FromLong(WALK_SOLVED);
                }
                self->reported = 0;
            } else {
                word *entry = self->stack + self->depth * 2 * words;
                memcpy(entry, self->current, (size_t)words * sizeof(word));
                if (branch(c, self->current, entry + words) == 0)
                    self->depth++;
            }
            self->has_current = 0;
        }
        while (!self->has_current) {
            if (!self->depth)
                return PyLong_FromLong(WALK_DONE);
            if (pause && self->nodes >= pause)
                return PyLong_FromLong(WALK_PAUSED);
            if (limit && self->nodes >= limit)
                return PyLong_FromLong(WALK_LIMIT);
            word *top = self->stack + (self->depth - 1) * 2 * words;
            word *bits = top + words;
            int bit = low_bit(bits, words);
            bits[bit >> 6] ^= (word)1 << (bit & 63);
            if (is_zero(bits, words))
                self->depth--;   /* the entry stays readable below until the next push */
            self->nodes++;
            self->guesses++;
            place_into(c, top, bit, self->current);
            if (propagate(c, self->current) < 0) {
                self->backtracks++;
            } else {
                self->propagations += open_cells(self, top) - open_cells(self, self->current) - 1;
                self->has_current = 1;
            }
        }
    }
}

/* restart(z, propagations): drop the stack and go on from board ``z`` (-1: a dead end),
 * counting ``propagations`` more (Search.walk after refining its root). */
static PyObject *
Walk_restart(Walk *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "restart(z, propagations)");
        return NULL;
    }
    long long more = PyLong_AsLongLong(args[1]);
    if (more == -1 && PyErr_Occurred())
        return NULL;
    self->depth = 0;
    self->reported = 0;
    if (PyLong_Check(args[0]) && _PyLong_Sign(args[0]) < 0) {
        self->has_current = 0;
        self->backtracks++;
        Py_RETURN_NONE;
    }
    if (board_arg(self->core, args[0], self->current) < 0)
        return NULL;
    self->has_current = 1;
    self->propagations += more;
    Py_RETURN_NONE;
}

static PyObject *
Walk_values(Walk *self, PyObject *Py_UNUSED(ignored))
{
    return cell_groups_of(self->core, self->current, 0);
}

static PyObject *
Walk_counts(Walk *self, PyObject *Py_UNUSED(ignored))
{
    return Py_BuildValue("LLLL", self->nodes, self->guesses, self->backtracks, self->propagations);
}

static PyMethodDef Walk_methods[] = {
    {"run", (PyCFunction)(void (*)(void))Walk_run, METH_FASTCALL,
     "run(limit, pause): 1 at a solution, 0 at the end, 2 at the node limit, 3 at the pause."},
    {"restart", (PyCFunction)(void (*)(void))Walk_restart, METH_FASTCALL,
     "restart(z, propagations): go on from board z (-1: a dead end) with an empty stack."},
    {"values", (PyCFunction)Walk_values, METH_NOARGS, "The solution run() last returned."},
    {"counts", (PyCFunction)Walk_counts, METH_NOARGS, "(nodes, guesses, backtracks, propagations)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject WalkType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "solver.sudoku._packed.Walk",
    .tp_basicsize = sizeof(Walk),
    .tp_dealloc = (destructor)Walk_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One search's depth-first loop and counters (Core.walk).",
    .tp_methods = Walk_methods,
};

static PyMethodDef Core_methods[] = {
    {"propagate", (PyCFunction)Core_propagate, METH_O,
     "Naked and hidden singles to a fixpoint: the new board, or -1 at a dead end."},
    {"place", (PyCFunction)(void (*)(void))Core_place, METH_FASTCALL,
     "place(parent, bit): the candidate with cell-group bit ``bit`` placed, then singles; or -1."},
    {"branch", (PyCFunction)Core_branch, METH_O,
     "The candidates of the highest open group with the fewest candidates (at least two)."},
    {"givens", (PyCFunction)(void (*)(void))Core_givens, METH_FASTCALL,
     "givens(start, values): the givens placed on the board ``start``, or -1 when they break a rule."},
    {"values", (PyCFunction)Core_values, METH_O, "A finished board's solution: a tuple of values 1..N."},
    {"cells", (PyCFunction)Core_cells, METH_O,
     "The digits left for every open cell as a list of masks, 0 for a placed cell."},
    {"extends", (PyCFunction)(void (*)(void))Core_extends, METH_FASTCALL,
     "extends(start, node_limit): whether a solution extends the board; None at the limit."},
    {"walk", (PyCFunction)(void (*)(void))Core_walk, METH_FASTCALL,
     "walk(z, propagations): a Walk, the search loop from the propagated root board z."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Core_getset[] = {
    {"words", (getter)Core_words, NULL, "64-bit words of a board", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "solver.sudoku._packed.Core",
    .tp_basicsize = sizeof(Core),
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A board geometry's packed-board tables, with the search primitives on them.",
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
    .tp_init = (initproc)Core_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef packed_module = {
    PyModuleDef_HEAD_INIT, "solver.sudoku._packed",
    "The packed-board search primitives of solver.sudoku.search in machine words.", -1, NULL,
};

PyMODINIT_FUNC
PyInit__packed(void)
{
    if (PyType_Ready(&CoreType) < 0 || PyType_Ready(&WalkType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&packed_module);
    if (!module)
        return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(module, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
