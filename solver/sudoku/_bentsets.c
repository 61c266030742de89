/* The wings of almost locked sets (solver/sudoku/bentsets.py) in machine words.
 *
 * bentsets.py's ``_best_wing`` is the reference: the same sets of k mutually seeing cells in
 * the same order, the same pivots, the same eliminations, the same best wing (rated lowest,
 * then removing most, then the first found). The Python version builds a set of cells for
 * every "cells seeing all of these" it asks; here a cell set is a few 64-bit words.
 *
 * Peers(peers) holds a layout's peers (a sequence of cells per cell) as cell sets, made once
 * per layout.
 *   wing(cands, k) -> (rating, cells, pivot, digit, removed) or None
 * is ``_best_wing(lay, cands, k)``: ``rating`` in tenths, ``cells`` the set (a tuple,
 * ascending), ``pivot`` the bivalue cell, ``digit`` the first digit it cannot share with the
 * set, ``removed`` the (cell, digit) eliminations in ascending order.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAX_WORDS 10          /* cell sets of up to 640 cells: a 25x25 grid */
#define MAX_SET 6             /* the largest set: TUVWXYZ-Wing */
#define MAX_DIGITS 32         /* candidates are one 32-bit word per cell */

typedef struct {
    PyObject_HEAD
    Py_ssize_t cells, words;
    uint64_t *peers;          /* cells * words: the cells seeing cell c at c * words */
} Peers;

/* One search: the position and the best wing so far. */
typedef struct {
    const Peers *peers;
    uint32_t *cands;
    int k;
    int *live, live_count;    /* cells holding 2 to k + 1 digits, ascending */
    int *pivots, pivot_count; /* cells holding 2 digits, ascending */
    int *pools;               /* the candidates for the next cell of the set: depth d's at d * cells */
    int chosen[MAX_SET];
    int found, best_rating, best_count, best_pivot, best_digit;
    int best_cells[MAX_SET];
    uint64_t best_removed[MAX_DIGITS][MAX_WORDS];
} Search;

static void
Peers_dealloc(Peers *self)
{
    PyMem_Free(self->peers);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *
Peers_new(PyTypeObject *type, PyObject *args, PyObject *Py_UNUSED(kwds))
{
    PyObject *source;
    if (!PyArg_ParseTuple(args, "O", &source))
        return NULL;
    PyObject *rows = PySequence_Fast(source, "the peers are a sequence of cells per cell");
    if (!rows)
        return NULL;
    Py_ssize_t cells = PySequence_Fast_GET_SIZE(rows), words = (cells + 63) / 64;
    if (words > MAX_WORDS) {
        Py_DECREF(rows);
        PyErr_SetString(PyExc_ValueError, "more cells than the wings handle in C");
        return NULL;
    }
    Peers *self = (Peers *)type->tp_alloc(type, 0);
    if (!self) {
        Py_DECREF(rows);
        return NULL;
    }
    self->cells = cells;
    self->words = words;
    self->peers = PyMem_Calloc(cells * words + 1, sizeof(uint64_t));
    if (!self->peers) {
        Py_DECREF(rows);
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t c = 0; c < cells; c++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(rows, c), "a cell's peers are a sequence");
        if (!row) {
            Py_DECREF(rows);
            Py_DECREF(self);
            return NULL;
        }
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(row); i++) {
            long other = PyLong_AsLong(PySequence_Fast_GET_ITEM(row, i));
            if (other < 0 || other >= cells) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "a peer is not a cell of the grid");
                Py_DECREF(row);
                Py_DECREF(rows);
                Py_DECREF(self);
                return NULL;
            }
            self->peers[c * words + other / 64] |= (uint64_t)1 << (other % 64);
        }
        Py_DECREF(row);
    }
    Py_DECREF(rows);
    return (PyObject *)self;
}

static int
sees(const Peers *peers, int a, int b)
{
    return (int)(peers->peers[a * peers->words + b / 64] >> (b % 64) & 1);
}

/* bentsets.rating in tenths: a middle-sized largest cell is harder than a small or a full one. */
static int
rating(int k, int biggest)
{
    int off = biggest > 3 ? biggest - 3 : 3 - biggest;
    if (k == 3)
        return 55 + 1 - off;
    if (k == 4)
        return 62 + 2 - off;
    return k == 5 ? 66 : 75;
}

/* _seeing_all: into ``out`` every cell holding ``digit`` (0-based) that sees each of
   ``cells`` holding it, less ``cells`` themselves. */
static void
seeing_all(const Search *s, int digit, const int *cells, int count, uint64_t *out)
{
    Py_ssize_t words = s->peers->words;
    uint64_t targets[MAX_WORDS];
    int holders = 0;
    for (int i = 0; i < count; i++) {
        if (!(s->cands[cells[i]] >> digit & 1))
            continue;
        const uint64_t *seen = s->peers->peers + cells[i] * words;
        for (Py_ssize_t w = 0; w < words; w++)
            targets[w] = holders ? targets[w] & seen[w] : seen[w];
        holders++;
    }
    if (!holders)
        return;
    for (int i = 0; i < count; i++)
        targets[cells[i] / 64] &= ~((uint64_t)1 << (cells[i] % 64));
    for (Py_ssize_t w = 0; w < words; w++) {
        uint64_t holding = 0;
        for (uint64_t bits = targets[w]; bits; bits &= bits - 1) {
            int c = (int)(w * 64 + __builtin_ctzll(bits));
            if (s->cands[c] >> digit & 1)
                holding |= bits & -bits;
        }
        out[w] |= holding;
    }
}

/* The wings of the set in s->chosen with every pivot: keep one that beats the best so far. */
static void
wings(Search *s)
{
    int k = s->k, *cells = s->chosen;
    Py_ssize_t words = s->peers->words;
    uint32_t mask = 0;
    int biggest = 0;
    for (int i = 0; i < k; i++) {
        mask |= s->cands[cells[i]];
        int size = __builtin_popcount(s->cands[cells[i]]);
        biggest = size > biggest ? size : biggest;
    }
    int r = rating(k, biggest);
    if (s->found && r > s->best_rating)   /* no wing of this set can beat the best */
        return;
    for (int p = 0; p < s->pivot_count; p++) {
        int yz = s->pivots[p], inside = 0, seen = 0;
        uint32_t pair = s->cands[yz];
        if ((pair & mask) != pair)
            continue;
        for (int i = 0; i < k; i++) {
            inside |= cells[i] == yz;
            seen |= sees(s->peers, yz, cells[i]);
        }
        if (inside || !seen)
            continue;
        int restricted[2], restricted_count = 0;
        for (int x = 0; x < MAX_DIGITS; x++) {
            if (!(pair >> x & 1))
                continue;
            int free = 1;   /* every cell of the set holding x sees the pivot */
            for (int i = 0; i < k && free; i++)
                free = !(s->cands[cells[i]] >> x & 1) || sees(s->peers, yz, cells[i]);
            if (free)
                restricted[restricted_count++] = x;
        }
        if (!restricted_count)
            continue;
        uint64_t removed[MAX_DIGITS][MAX_WORDS];
        memset(removed, 0, sizeof removed);
        int with_pivot[MAX_SET + 1];
        memcpy(with_pivot, cells, k * sizeof(int));
        with_pivot[k] = yz;
        for (int z = 0; z < MAX_DIGITS; z++) {
            /* z (or, doubly linked, either digit) must be in the set or in the pivot */
            if (pair >> z & 1 && (restricted_count == 2 || z != restricted[0]))
                seeing_all(s, z, with_pivot, k + 1, removed[z]);
        }
        if (restricted_count == 2) {   /* the set without them is locked on its other digits */
            for (int w = 0; w < MAX_DIGITS; w++) {
                if ((mask & ~pair) >> w & 1)
                    seeing_all(s, w, cells, k, removed[w]);
            }
        }
        int count = 0;
        for (int d = 0; d < MAX_DIGITS; d++) {
            for (Py_ssize_t w = 0; w < words; w++)
                count += __builtin_popcountll(removed[d][w]);
        }
        if (!count || (s->found && (r > s->best_rating || (r == s->best_rating && count <= s->best_count))))
            continue;
        s->found = 1;
        s->best_rating = r;
        s->best_count = count;
        s->best_pivot = yz;
        s->best_digit = restricted[0];
        memcpy(s->best_cells, cells, k * sizeof(int));
        memcpy(s->best_removed, removed, sizeof removed);
    }
}

/* _sets' grow: the sets of k cells, in increasing cell order, each handed to wings(). */
static void
grow(Search *s, int depth, uint32_t mask, const int *pool, int pool_count)
{
    int k = s->k;
    if (depth == k) {
        if (__builtin_popcount(mask) == k + 1)
            wings(s);
        return;
    }
    int *next = s->pools + depth * s->peers->cells;
    for (int i = 0; i < pool_count; i++) {
        int c = pool[i];
        uint32_t m = mask | s->cands[c];
        if (__builtin_popcount(m) > k + 1)
            continue;
        int next_count = 0;
        for (int j = i + 1; j < pool_count; j++) {
            if (sees(s->peers, c, pool[j]))
                next[next_count++] = pool[j];
        }
        s->chosen[depth] = c;
        grow(s, depth + 1, m, next, next_count);
    }
}

static PyObject *
Peers_wing(Peers *self, PyObject *args)
{
    PyObject *cands_obj;
    int k;
    if (!PyArg_ParseTuple(args, "Oi", &cands_obj, &k))
        return NULL;
    if (k < 1 || k > MAX_SET) {
        PyErr_SetString(PyExc_ValueError, "a set has 1 to 6 cells");
        return NULL;
    }
    PyObject *fast = PySequence_Fast(cands_obj, "the candidates are a sequence of ints");
    if (!fast)
        return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != self->cells) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "one candidate mask per cell of the grid");
        return NULL;
    }
    Search s;
    memset(&s, 0, sizeof s);
    s.peers = self;
    s.k = k;
    Py_ssize_t cells = self->cells;
    s.cands = PyMem_Calloc(cells + 1, sizeof(uint32_t));
    s.live = PyMem_Calloc(cells + 1, sizeof(int));
    s.pivots = PyMem_Calloc(cells + 1, sizeof(int));
    s.pools = PyMem_Calloc((cells + 1) * (MAX_SET + 1), sizeof(int));
    PyObject *result = NULL;
    if (!s.cands || !s.live || !s.pivots || !s.pools) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t c = 0; c < cells; c++) {
        unsigned long m = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(fast, c));
        if (m == (unsigned long)-1 && PyErr_Occurred())
            goto done;
        if (m >> 31 >> 1) {
            PyErr_SetString(PyExc_ValueError, "more digits than the wings handle in C");
            goto done;
        }
        s.cands[c] = (uint32_t)m;
        int size = __builtin_popcount(s.cands[c]);
        if (size > 1 && size <= k + 1)
            s.live[s.live_count++] = (int)c;
        if (size == 2)
            s.pivots[s.pivot_count++] = (int)c;
    }
    /* the pool of depth d at pools + d * cells: grow() reads depth d - 1's, fills depth d's */
    for (int i = 0; i < s.live_count; i++) {
        int c = s.live[i], count = 0;
        for (int j = i + 1; j < s.live_count; j++) {
            if (sees(self, c, s.live[j]))
                s.pools[count++] = s.live[j];
        }
        s.chosen[0] = c;
        grow(&s, 1, s.cands[c], s.pools, count);
    }
    if (!s.found) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    PyObject *set = PyTuple_New(k), *removed = PyList_New(0);
    for (int i = 0; set && i < k; i++)
        PyTuple_SET_ITEM(set, i, PyLong_FromLong(s.best_cells[i]));
    for (Py_ssize_t c = 0; removed && c < cells; c++) {
        for (int d = 0; d < MAX_DIGITS; d++) {
            if (!(s.best_removed[d][c / 64] >> (c % 64) & 1))
                continue;
            PyObject *pair = Py_BuildValue("(ni)", c, d + 1);
            if (!pair || PyList_Append(removed, pair) < 0) {
                Py_XDECREF(pair);
                Py_CLEAR(removed);
                break;
            }
            Py_DECREF(pair);
        }
    }
    if (set && removed)
        result = Py_BuildValue("iOiiO", s.best_rating, set, s.best_pivot, s.best_digit + 1, removed);
    Py_XDECREF(set);
    Py_XDECREF(removed);
done:
    PyMem_Free(s.cands);
    PyMem_Free(s.live);
    PyMem_Free(s.pivots);
    PyMem_Free(s.pools);
    Py_DECREF(fast);
    return result;
}

static PyMethodDef Peers_methods[] = {
    {"wing", (PyCFunction)Peers_wing, METH_VARARGS,
     "wing(cands, k) -> (rating, cells, pivot, digit, removed) or None"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject PeersType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "solver.sudoku._bentsets.Peers",
    .tp_basicsize = sizeof(Peers),
    .tp_dealloc = (destructor)Peers_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A layout's peers as cell sets; wing() finds a position's best wing of k set cells.",
    .tp_methods = Peers_methods,
    .tp_new = Peers_new,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_bentsets",
    "The wings of almost locked sets in machine words (bentsets._best_wing is the reference).",
    -1, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__bentsets(void)
{
    if (PyType_Ready(&PeersType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyModule_AddObjectRef(m, "Peers", (PyObject *)&PeersType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
