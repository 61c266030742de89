/* The chains of strong links of one digit (solver/sudoku/stronglinks.py) in machine words.
 *
 * stronglinks.py's ``_Chains`` is the reference: the same oriented links, the same links
 * allowed to follow each one in the same order, the same depth-first search, the same best
 * chain. The Python version works on cell masks of 81 bits and more, a big int for every
 * union it makes; here a cell set is a few 64-bit words.
 *
 * Relations(peers) holds a layout's peers (the cells that see each cell, a sequence of cells
 * per cell) as cell sets, made once per layout.
 *   best(links, cells, nears, n, base) -> (rating, -removed, suffix, chain, removed, used) or None
 * is ``_Chains(lay, links, cells, nears).search(n, base)``: ``links`` the plane's strong links
 * as (unit kind, node, node), ``cells`` the cells holding the digit, ``nears`` for each
 * oriented link the cells a weak link joins to its end, in the order the search visits them
 * (it decides ties), ``n`` links a chain, ``base`` its rating in tenths. A chain is its
 * oriented links (link i, or count + i for link i reversed); ``removed`` and ``used`` are
 * cells, ascending.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAX_WORDS 10          /* cell sets of up to 640 cells: a 25x25 grid */
#define MAX_LINKS 4           /* the longest chain searched */
#define RULE_KIND 3           /* unit kinds from here on are a rule's units (stronglinks.RULE_KIND) */

typedef struct {
    PyObject_HEAD
    Py_ssize_t cells, words;
    uint64_t *peers;          /* cells * words: the cells seeing cell c at c * words */
} Relations;

/* One search: the plane's oriented links and what the depth-first walk keeps. */
typedef struct {
    Py_ssize_t words, count;  /* words of a cell set; links (oriented: 2 * count) */
    int n, base;
    int *kind, *grouped, *first;   /* per oriented link: unit kind, a group at an end, first start cell */
    uint64_t *cells, *start, *sees_start;   /* cell sets per oriented link: all its cells, its start, seeing that */
    uint64_t holders[MAX_WORDS];
    int32_t *follow_at, *follow;   /* links that may follow k: follow[follow_at[k] .. follow_at[k + 1]) */
    char *used_link;
    int chain[MAX_LINKS];
    int found, best_rating, best_removed, best_suffix;   /* best_removed: candidates removed (a count) */
    int best_chain[MAX_LINKS];
    uint64_t best_targets[MAX_WORDS], best_used[MAX_WORDS];
} Walk;

static void
Relations_dealloc(Relations *self)
{
    PyMem_Free(self->peers);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A sequence of cells as a cell set (added to ``out``); -1 on error. */
static int
cell_set(PyObject *source, Py_ssize_t cells, uint64_t *out)
{
    PyObject *fast = PySequence_Fast(source, "cells are a sequence of ints");
    if (!fast)
        return -1;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (c < 0 || c >= cells) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a cell out of the grid");
            Py_DECREF(fast);
            return -1;
        }
        out[c / 64] |= (uint64_t)1 << (c % 64);
    }
    Py_DECREF(fast);
    return 0;
}

/* The peers (a sequence of cells per cell) as cell sets; -1 on error. */
static int
relation(PyObject *source, Py_ssize_t cells, Py_ssize_t words, uint64_t *out)
{
    PyObject *rows = PySequence_Fast(source, "the peers are a sequence of cells per cell");
    if (!rows)
        return -1;
    for (Py_ssize_t c = 0; c < cells; c++) {
        if (cell_set(PySequence_Fast_GET_ITEM(rows, c), cells, out + c * words) < 0) {
            Py_DECREF(rows);
            return -1;
        }
    }
    Py_DECREF(rows);
    return 0;
}

static PyObject *
Relations_new(PyTypeObject *type, PyObject *args, PyObject *Py_UNUSED(kwds))
{
    PyObject *peers;
    if (!PyArg_ParseTuple(args, "O", &peers))
        return NULL;
    Py_ssize_t cells = PySequence_Size(peers);
    if (cells < 0)
        return NULL;
    Py_ssize_t words = (cells + 63) / 64;
    if (words > MAX_WORDS) {
        PyErr_SetString(PyExc_ValueError, "more cells than the chains of strong links handle in C");
        return NULL;
    }
    Relations *self = (Relations *)type->tp_alloc(type, 0);
    if (!self)
        return NULL;
    self->cells = cells;
    self->words = words;
    self->peers = PyMem_Calloc(cells * words + 1, sizeof(uint64_t));
    if (!self->peers) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    if (relation(peers, cells, words, self->peers) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

/* The cells of ``node`` put into ``out``; the cells seeing all of them into ``seeing``; the
   node's first cell, or -1 on error. */
static int
node_sets(const Relations *rel, PyObject *node, uint64_t *out, uint64_t *seeing)
{
    Py_ssize_t words = rel->words, size = PyTuple_Check(node) ? PyTuple_GET_SIZE(node) : 0;
    if (size == 0) {
        PyErr_SetString(PyExc_TypeError, "a node is a non-empty tuple of cells");
        return -1;
    }
    int first = -1;
    for (Py_ssize_t i = 0; i < size; i++) {
        long c = PyLong_AsLong(PyTuple_GET_ITEM(node, i));
        if (c < 0 || c >= rel->cells) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a node's cell is not a cell of the grid");
            return -1;
        }
        if (i == 0)
            first = (int)c;
        out[c / 64] |= (uint64_t)1 << (c % 64);
        for (Py_ssize_t w = 0; seeing && w < words; w++)
            seeing[w] = i ? seeing[w] & rel->peers[c * words + w] : rel->peers[c * words + w];
    }
    return first;
}

static PyObject *
cell_list(const uint64_t *set, Py_ssize_t words)
{
    PyObject *out = PyList_New(0);
    for (Py_ssize_t w = 0; out && w < words; w++) {
        for (uint64_t bits = set[w]; bits; bits &= bits - 1) {
            PyObject *cell = PyLong_FromSsize_t(w * 64 + __builtin_ctzll(bits));
            if (!cell || PyList_Append(out, cell) < 0) {
                Py_XDECREF(cell);
                Py_CLEAR(out);
                break;
            }
            Py_DECREF(cell);
        }
    }
    return out;
}

/* stronglinks.suffix: SukakuExplainer's name of a chain's kinds of link, as a number. */
static int
suffix(const int *kinds, int n, int grouped)
{
    static const int se_type[RULE_KIND] = {1, 2, 0};   /* a row, a column, a region */
    int types[MAX_LINKS], reversed[MAX_LINKS], swapped[MAX_LINKS], back[MAX_LINKS];
    for (int i = 0; i < n; i++)
        types[i] = kinds[i] < RULE_KIND ? se_type[kinds[i]] : kinds[i];
    for (int i = 0; i < n; i++)
        reversed[i] = types[n - 1 - i];
    int *chosen = types;
    for (int i = 0; i < n; i++)   /* the lower of the two directions */
        if (types[i] != reversed[i]) {
            chosen = types[i] < reversed[i] ? types : reversed;
            break;
        }
    int row = 0;
    for (int i = 0; i < n; i++)
        row |= chosen[i] == 1;
    int body[MAX_LINKS];
    memcpy(body, chosen, n * sizeof(int));
    if (row) {   /* rows and columns swapped, either direction, where it reads lower */
        for (int i = 0; i < n; i++)
            swapped[i] = chosen[i] == 1 ? 2 : chosen[i] == 2 ? 1 : chosen[i];
        for (int i = 0; i < n; i++)
            back[i] = swapped[n - 1 - i];
        const int *options[2] = {swapped, back};
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < n; i++)
                if (options[k][i] != body[i]) {
                    if (options[k][i] < body[i])
                        memcpy(body, options[k], n * sizeof(int));
                    break;
                }
    } else {
        for (int i = 0; i < n; i++)
            body[i] = chosen[i] == 2 ? 1 : chosen[i];
    }
    int number = grouped;
    for (int i = 0; i < n; i++)
        number = number * 10 + body[i];
    return number;
}

/* _Chains._found: a chain of n links is complete; keep it when it beats the best so far. */
static void
found(Walk *walk, const uint64_t *used)
{
    Py_ssize_t words = walk->words;
    int head = walk->chain[0], tail = walk->chain[walk->n - 1];
    int tail_reversed = tail < walk->count ? tail + (int)walk->count : tail - (int)walk->count;
    uint64_t targets[MAX_WORDS];
    int removed = 0;
    for (Py_ssize_t w = 0; w < words; w++) {
        /* the cells seeing the tail's end: those seeing the start of the tail link reversed */
        targets[w] = walk->sees_start[head * words + w] & walk->sees_start[tail_reversed * words + w]
                     & ~used[w] & walk->holders[w];
        removed += __builtin_popcountll(targets[w]);
    }
    if (!removed)
        return;
    int row = 0, column = 0, region = 0, rule = 0, grouped = 0, kinds[MAX_LINKS];
    for (int i = 0; i < walk->n; i++) {
        int j = walk->chain[i], kind = walk->kind[j];
        kinds[i] = kind;
        row |= kind == 0;
        column |= kind == 1;
        region |= kind == 2;
        rule |= kind >= RULE_KIND;
        grouped += walk->grouped[j];
    }
    int extra = grouped || rule ? 3 : (!region && row + column == 1) ? 0 : (region && row + column == 2) ? 2 : 1;
    int rating = walk->base + extra, named = suffix(kinds, walk->n, grouped);
    if (walk->found && (rating > walk->best_rating || (rating == walk->best_rating && (removed < walk->best_removed
            || (removed == walk->best_removed && named >= walk->best_suffix)))))
        return;
    walk->found = 1;
    walk->best_rating = rating;
    walk->best_removed = removed;
    walk->best_suffix = named;
    memcpy(walk->best_chain, walk->chain, sizeof walk->chain);
    memcpy(walk->best_targets, targets, words * sizeof(uint64_t));
    memcpy(walk->best_used, used, words * sizeof(uint64_t));
}

/* _Chains._extend */
static void
extend(Walk *walk, int length, const uint64_t *used)
{
    if (length == walk->n) {
        found(walk, used);
        return;
    }
    Py_ssize_t words = walk->words;
    int last = walk->chain[length - 1];
    for (int32_t at = walk->follow_at[last]; at < walk->follow_at[last + 1]; at++) {
        int k = walk->follow[at];
        if (walk->used_link[k % walk->count])
            continue;
        uint64_t grown[MAX_WORDS];
        int clash = 0;
        for (Py_ssize_t w = 0; w < words; w++) {
            clash |= (used[w] & walk->cells[k * words + w]) != 0;
            grown[w] = used[w] | walk->cells[k * words + w];
        }
        if (clash)
            continue;
        walk->chain[length] = k;
        walk->used_link[k % walk->count] = 1;
        extend(walk, length + 1, grown);
        walk->used_link[k % walk->count] = 0;
    }
}

/* The walk's tables from the links and the nears; -1 on error. */
static int
tables(Walk *walk, const Relations *rel, PyObject *links, PyObject *cells, PyObject *nears)
{
    Py_ssize_t words = walk->words, count = walk->count, oriented = 2 * count;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *link = PySequence_Fast_GET_ITEM(links, i);
        if (!PyTuple_Check(link) || PyTuple_GET_SIZE(link) != 3) {
            PyErr_SetString(PyExc_TypeError, "a link is (unit kind, node, node)");
            return -1;
        }
        long kind = PyLong_AsLong(PyTuple_GET_ITEM(link, 0));
        if (kind == -1 && PyErr_Occurred())
            return -1;
        for (int back = 0; back < 2; back++) {   /* link i as given, then reversed as count + i */
            Py_ssize_t k = i + back * count;
            PyObject *from = PyTuple_GET_ITEM(link, 1 + back), *to = PyTuple_GET_ITEM(link, 2 - back);
            walk->kind[k] = (int)kind;
            walk->grouped[k] = PyTuple_Check(from) && PyTuple_Check(to)
                               && (PyTuple_GET_SIZE(from) > 1 || PyTuple_GET_SIZE(to) > 1);
            walk->first[k] = node_sets(rel, from, walk->start + k * words, walk->sees_start + k * words);
            if (walk->first[k] < 0 || node_sets(rel, to, walk->cells + k * words, NULL) < 0)
                return -1;
            for (Py_ssize_t w = 0; w < words; w++)
                walk->cells[k * words + w] |= walk->start[k * words + w];
        }
    }
    /* the links starting in each cell, ascending: starting[starting_at[c] .. starting_at[c + 1]) */
    Py_ssize_t cells_count = rel->cells;
    int32_t *starting_at = PyMem_Calloc(cells_count + 2, sizeof(int32_t));
    int32_t *starting = PyMem_Calloc(oriented + 1, sizeof(int32_t));
    if (!starting_at || !starting) {
        PyMem_Free(starting_at);
        PyMem_Free(starting);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t k = 0; k < oriented; k++)
        starting_at[walk->first[k] + 2]++;
    for (Py_ssize_t c = 0; c < cells_count; c++)
        starting_at[c + 2] += starting_at[c + 1];
    for (Py_ssize_t k = 0; k < oriented; k++)
        starting[starting_at[walk->first[k] + 1]++] = (int32_t)k;
    /* the links that may follow j: those starting in a cell of its nears, in that order, whose
       whole start is among the nears, other than j's own link */
    Py_ssize_t at = 0;
    int status = 0;
    for (Py_ssize_t j = 0; j < oriented && status == 0; j++) {
        walk->follow_at[j] = (int32_t)at;
        PyObject *near = PySequence_Fast(PySequence_Fast_GET_ITEM(nears, j), "a near is a sequence of cells");
        uint64_t near_set[MAX_WORDS] = {0};
        if (!near || cell_set(near, cells_count, near_set) < 0) {
            Py_XDECREF(near);
            status = -1;
            break;
        }
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(near); i++) {
            long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(near, i));
            for (int32_t s = starting_at[c]; s < starting_at[c + 1]; s++) {
                Py_ssize_t k = starting[s];
                int inside = k % count != j % count;
                for (Py_ssize_t w = 0; inside && w < words; w++)
                    inside = !(walk->start[k * words + w] & ~near_set[w]);
                if (inside)
                    walk->follow[at++] = (int32_t)k;
            }
        }
        Py_DECREF(near);
    }
    walk->follow_at[oriented] = (int32_t)at;
    PyMem_Free(starting_at);
    PyMem_Free(starting);
    if (status < 0 || cell_set(cells, cells_count, walk->holders) < 0)
        return -1;
    return 0;
}

static PyObject *
Relations_best(Relations *self, PyObject *args)
{
    PyObject *links_obj, *cells, *nears_obj;
    int n, base;
    if (!PyArg_ParseTuple(args, "OOOii", &links_obj, &cells, &nears_obj, &n, &base))
        return NULL;
    if (n < 1 || n > MAX_LINKS) {
        PyErr_SetString(PyExc_ValueError, "a chain has 1 to 4 links");
        return NULL;
    }
    PyObject *links = PySequence_Fast(links_obj, "the links are a sequence");
    if (!links)
        return NULL;
    PyObject *nears = PySequence_Fast(nears_obj, "the nears are a sequence");
    if (!nears) {
        Py_DECREF(links);
        return NULL;
    }
    if (PySequence_Fast_GET_SIZE(nears) != 2 * PySequence_Fast_GET_SIZE(links)) {
        Py_DECREF(links);
        Py_DECREF(nears);
        PyErr_SetString(PyExc_ValueError, "one near per oriented link");
        return NULL;
    }
    if (PySequence_Fast_GET_SIZE(links) == 0) {   /* no link, no chain */
        Py_DECREF(links);
        Py_DECREF(nears);
        Py_RETURN_NONE;
    }
    Walk walk;
    memset(&walk, 0, sizeof walk);
    walk.words = self->words;
    walk.count = PySequence_Fast_GET_SIZE(links);
    walk.n = n;
    walk.base = base;
    Py_ssize_t oriented = 2 * walk.count, sets = (oriented + 1) * self->words;
    walk.kind = PyMem_Calloc(oriented + 1, sizeof(int));
    walk.grouped = PyMem_Calloc(oriented + 1, sizeof(int));
    walk.first = PyMem_Calloc(oriented + 1, sizeof(int));
    walk.cells = PyMem_Calloc(sets, sizeof(uint64_t));
    walk.start = PyMem_Calloc(sets, sizeof(uint64_t));
    walk.sees_start = PyMem_Calloc(sets, sizeof(uint64_t));
    walk.follow_at = PyMem_Calloc(oriented + 1, sizeof(int32_t));
    walk.follow = PyMem_Calloc(oriented * oriented + 1, sizeof(int32_t));
    walk.used_link = PyMem_Calloc(walk.count + 1, 1);
    PyObject *result = NULL;
    if (!walk.kind || !walk.grouped || !walk.first || !walk.cells || !walk.start || !walk.sees_start
        || !walk.follow_at || !walk.follow || !walk.used_link) {
        PyErr_NoMemory();
        goto done;
    }
    if (tables(&walk, self, links, cells, nears) < 0)
        goto done;
    for (Py_ssize_t j = 0; j < oriented; j++) {   /* _Chains.search */
        walk.chain[0] = (int)j;
        walk.used_link[j % walk.count] = 1;
        extend(&walk, 1, walk.cells + j * walk.words);
        walk.used_link[j % walk.count] = 0;
    }
    if (!walk.found) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    PyObject *chain = PyList_New(n);
    for (int i = 0; chain && i < n; i++)
        PyList_SET_ITEM(chain, i, PyLong_FromLong(walk.best_chain[i]));
    PyObject *removed = cell_list(walk.best_targets, walk.words), *used = cell_list(walk.best_used, walk.words);
    if (chain && removed && used)
        result = Py_BuildValue("iiiOOO", walk.best_rating, -walk.best_removed, walk.best_suffix, chain, removed,
                               used);
    Py_XDECREF(chain);
    Py_XDECREF(removed);
    Py_XDECREF(used);
done:
    PyMem_Free(walk.kind);
    PyMem_Free(walk.grouped);
    PyMem_Free(walk.first);
    PyMem_Free(walk.cells);
    PyMem_Free(walk.start);
    PyMem_Free(walk.sees_start);
    PyMem_Free(walk.follow_at);
    PyMem_Free(walk.follow);
    PyMem_Free(walk.used_link);
    Py_DECREF(links);
    Py_DECREF(nears);
    return result;
}

static PyMethodDef Relations_methods[] = {
    {"best", (PyCFunction)Relations_best, METH_VARARGS,
     "best(links, cells, nears, n, base) -> (rating, -removed, suffix, chain, removed, used) or None"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject RelationsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "solver.sudoku._stronglinks.Relations",
    .tp_basicsize = sizeof(Relations),
    .tp_dealloc = (destructor)Relations_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A layout's peers as cell sets; best() searches one plane's chains.",
    .tp_methods = Relations_methods,
    .tp_new = Relations_new,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_stronglinks",
    "The chains of strong links of one digit in machine words (stronglinks._Chains is the reference).",
    -1, NULL,
};

PyMODINIT_FUNC
PyInit__stronglinks(void)
{
    if (PyType_Ready(&RelationsType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyModule_AddObjectRef(m, "Relations", (PyObject *)&RelationsType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
