/* The breadth-first searches of the unary chains (solver/sudoku/chains.py) in machine words.
 *
 * chains.py's ``_Links`` is the reference: the same two searches over the same static
 * implication tables, the same visiting order, the same chains found. The Python version
 * spends its time boxing the potentials it appends (every potential above 256 is a new
 * int object in a list, compiled or not); here a potential is an int32 in an array.
 *
 * A Links object holds one position's tables (on -> off and off -> on successors of every
 * potential) flattened into arrays, made from the two lists of lists of ints of
 * Chains.tables(y, x), Links(on_next, off_next), or straight from the position as that
 * method makes them, Links(cands, n, peers, units, units_of, y, x):
 *   cycles(source, limit)  -> (steps, [chain, ...])   _Links.cycles
 *   forcing(start, limit)  -> (steps, chain or None)  _Links.forcing
 * A chain is the list of its potentials from its end back to its start.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    Py_ssize_t count;               /* potentials */
    int32_t *on_start, *on_list;    /* successors of p: on_list[on_start[p] .. on_start[p + 1]) */
    int32_t *off_start, *off_list;
    uint32_t *seen;                 /* seen[p] == stamp: reached by the current search */
    uint32_t stamp;
    int32_t *nodes, *parent;        /* the search's entries: potential, entry it came from */
    Py_ssize_t cap;                 /* room for entries */
    int32_t *loops;                 /* cycles: entries whose successor is the source */
    Py_ssize_t loops_cap;
} Links;

static void
Links_dealloc(Links *self)
{
    PyMem_Free(self->on_start);
    PyMem_Free(self->on_list);
    PyMem_Free(self->off_start);
    PyMem_Free(self->off_list);
    PyMem_Free(self->seen);
    PyMem_Free(self->nodes);
    PyMem_Free(self->parent);
    PyMem_Free(self->loops);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* One table (a list of lists of potentials) as offsets and a flat list; -1 on error. */
static int
flatten(PyObject *table, Py_ssize_t count, int32_t **start_out, int32_t **list_out)
{
    if (!PyList_Check(table) || PyList_GET_SIZE(table) != count) {
        PyErr_SetString(PyExc_TypeError, "a table is a list of one list per potential");
        return -1;
    }
    Py_ssize_t total = 0;
    for (Py_ssize_t p = 0; p < count; p++) {
        PyObject *row = PyList_GET_ITEM(table, p);
        if (!PyList_Check(row)) {
            PyErr_SetString(PyExc_TypeError, "a table row is a list of potentials");
            return -1;
        }
        total += PyList_GET_SIZE(row);
    }
    int32_t *start = PyMem_Malloc((count + 1) * sizeof(int32_t));
    int32_t *list = PyMem_Malloc((total ? total : 1) * sizeof(int32_t));
    if (!start || !list) {
        PyMem_Free(start);
        PyMem_Free(list);
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t p = 0; p < count; p++) {
        PyObject *row = PyList_GET_ITEM(table, p);
        start[p] = (int32_t)at;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(row); i++) {
            long q = PyLong_AsLong(PyList_GET_ITEM(row, i));
            if (q == -1 && PyErr_Occurred()) {
                PyMem_Free(start);
                PyMem_Free(list);
                return -1;
            }
            if (q < 0 || q >= count) {
                PyMem_Free(start);
                PyMem_Free(list);
                PyErr_SetString(PyExc_ValueError, "a successor is not a potential of the table");
                return -1;
            }
            list[at++] = (int32_t)q;
        }
    }
    start[count] = (int32_t)at;
    *start_out = start;
    *list_out = list;
    return 0;
}

/* Room for one more int32 in a growing array; -1 when out of memory. */
static int
push(int32_t **array, Py_ssize_t *used, Py_ssize_t *cap, int32_t value)
{
    if (*used >= *cap) {
        Py_ssize_t grown = *cap ? *cap * 2 : 64;
        int32_t *moved = PyMem_Realloc(*array, grown * sizeof(int32_t));
        if (!moved) {
            PyErr_NoMemory();
            return -1;
        }
        *array = moved;
        *cap = grown;
    }
    (*array)[(*used)++] = value;
    return 0;
}

/* Item ``i`` of a sequence as a long; -1 with an error set when it is none. */
static long
item_long(PyObject *fast, Py_ssize_t i)
{
    if (i < 0 || i >= PySequence_Fast_GET_SIZE(fast)) {
        PyErr_SetString(PyExc_IndexError, "a position's table is shorter than its grid");
        return -1;
    }
    return PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
}

/* The tables of Chains.tables(y, x), straight from the position: on -> off successors (the
   cell's other digits when y, then each peer holding the digit, in the peers' order) and
   off -> on (the cell's other digit when y and it has two, then, when x, the digit's one
   other place in each unit of the cell, in units_of's order); -1 on error. */
static int
from_position(Links *self, PyObject *args)
{
    PyObject *cands_obj, *peers_obj, *units_obj, *units_of_obj;
    int n, y, x;
    if (!PyArg_ParseTuple(args, "OiOOOpp", &cands_obj, &n, &peers_obj, &units_obj, &units_of_obj, &y, &x))
        return -1;
    int status = -1;
    long *cands = NULL;
    PyObject *cands_fast = NULL, *peers = NULL, *units = NULL, *units_of = NULL;
    Py_ssize_t on_used = 0, on_cap = 0, off_used = 0, off_cap = 0;
    cands_fast = PySequence_Fast(cands_obj, "cands is a sequence");
    peers = PySequence_Fast(peers_obj, "peers is a sequence");
    units = PySequence_Fast(units_obj, "units is a sequence");
    units_of = PySequence_Fast(units_of_obj, "units_of is a sequence");
    if (!cands_fast || !peers || !units || !units_of)
        goto done;
    Py_ssize_t cells = PySequence_Fast_GET_SIZE(cands_fast);
    if (n < 1 || n > 64 || cells * n * 2 >= INT32_MAX / 2) {
        PyErr_SetString(PyExc_ValueError, "a position of 1 to 64 digits");
        goto done;
    }
    self->count = cells * n * 2;
    cands = PyMem_Malloc((cells ? cells : 1) * sizeof(long));
    self->on_start = PyMem_Malloc((self->count + 1) * sizeof(int32_t));
    self->off_start = PyMem_Malloc((self->count + 1) * sizeof(int32_t));
    if (!cands || !self->on_start || !self->off_start) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t c = 0; c < cells; c++) {
        cands[c] = item_long(cands_fast, c);
        if (cands[c] == -1 && PyErr_Occurred())
            goto done;
    }
    for (Py_ssize_t cell = 0; cell < cells; cell++) {
        long m = cands[cell];
        PyObject *cell_peers = PySequence_Fast(PySequence_Fast_GET_ITEM(peers, cell), "peers of a cell");
        if (!cell_peers)
            goto done;
        PyObject *cell_units = PySequence_Fast(PySequence_Fast_GET_ITEM(units_of, cell), "units of a cell");
        if (!cell_units) {
            Py_DECREF(cell_peers);
            goto done;
        }
        for (int d = 1; d <= n; d++) {
            Py_ssize_t on = ((cell * n + d - 1) << 1) | 1, off = on ^ 1;
            long bit = 1L << (d - 1);
            self->on_start[off] = (int32_t)on_used;       /* an off potential turns nothing off */
            self->on_start[on] = (int32_t)on_used;
            self->off_start[off] = (int32_t)off_used;
            if (m & bit) {
                if (y) {
                    for (int e = 1; e <= n; e++)
                        if (e != d && (m >> (e - 1)) & 1 && push(&self->on_list, &on_used, &on_cap,
                                                                  (int32_t)((cell * n + e - 1) << 1)) < 0)
                            goto cell_failed;
                }
                for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(cell_peers); i++) {
                    long p = item_long(cell_peers, i);
                    if ((p == -1 && PyErr_Occurred()) || p < 0 || p >= cells) {
                        if (!PyErr_Occurred())
                            PyErr_SetString(PyExc_ValueError, "a peer is not a cell");
                        goto cell_failed;
                    }
                    if (cands[p] & bit && push(&self->on_list, &on_used, &on_cap, (int32_t)((p * n + d - 1) << 1)) < 0)
                        goto cell_failed;
                }
            }
            if (m & bit) {
                long rest = m & ~bit;
                if (y && rest && !(rest & (rest - 1))) {
                    int other = 0;
                    while (!((rest >> other) & 1))
                        other++;
                    if (push(&self->off_list, &off_used, &off_cap, (int32_t)(((cell * n + other) << 1) | 1)) < 0)
                        goto cell_failed;
                }
                if (x) {
                    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(cell_units); k++) {
                        long u = item_long(cell_units, k);
                        if ((u == -1 && PyErr_Occurred()) || u < 0 || u >= PySequence_Fast_GET_SIZE(units)) {
                            if (!PyErr_Occurred())
                                PyErr_SetString(PyExc_ValueError, "not a unit");
                            goto cell_failed;
                        }
                        PyObject *unit = PySequence_Fast(PySequence_Fast_GET_ITEM(units, u), "a unit");
                        if (!unit)
                            goto cell_failed;
                        long other = -1;
                        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(unit); i++) {
                            long c = item_long(unit, i);
                            if ((c == -1 && PyErr_Occurred()) || c < 0 || c >= cells) {
                                if (!PyErr_Occurred())
                                    PyErr_SetString(PyExc_ValueError, "a unit's cell is not a cell");
                                Py_DECREF(unit);
                                goto cell_failed;
                            }
                            if (c != cell && cands[c] & bit) {
                                if (other >= 0) {
                                    other = -2;
                                    break;
                                }
                                other = c;
                            }
                        }
                        Py_DECREF(unit);
                        if (other >= 0 && push(&self->off_list, &off_used, &off_cap,
                                               (int32_t)(((other * n + d - 1) << 1) | 1)) < 0)
                            goto cell_failed;
                    }
                }
            }
            self->off_start[on] = (int32_t)off_used;      /* an on potential turns nothing on */
            continue;
cell_failed:
            Py_DECREF(cell_peers);
            Py_DECREF(cell_units);
            goto done;
        }
        Py_DECREF(cell_peers);
        Py_DECREF(cell_units);
    }
    self->on_start[self->count] = (int32_t)on_used;
    self->off_start[self->count] = (int32_t)off_used;
    if (!self->on_list && push(&self->on_list, &on_used, &on_cap, 0) < 0)   /* never NULL */
        goto done;
    if (!self->off_list && push(&self->off_list, &off_used, &off_cap, 0) < 0)
        goto done;
    status = 0;
done:
    PyMem_Free(cands);
    Py_XDECREF(cands_fast);
    Py_XDECREF(peers);
    Py_XDECREF(units);
    Py_XDECREF(units_of);
    return status;
}

static int
Links_init(Links *self, PyObject *args, PyObject *kwds)
{
    (void)kwds;
    if (self->seen) {
        PyErr_SetString(PyExc_TypeError, "a Links object is made once");
        return -1;
    }
    if (PyTuple_GET_SIZE(args) == 7) {
        if (from_position(self, args) < 0)
            return -1;
    } else {
        PyObject *on_next, *off_next;
        if (!PyArg_ParseTuple(args, "OO", &on_next, &off_next))
            return -1;
        if (!PyList_Check(on_next) || !PyList_Check(off_next)) {
            PyErr_SetString(PyExc_TypeError, "the tables are lists");
            return -1;
        }
        self->count = PyList_GET_SIZE(on_next);
        if (self->count >= INT32_MAX / 2) {
            PyErr_SetString(PyExc_ValueError, "too many potentials");
            return -1;
        }
        if (flatten(on_next, self->count, &self->on_start, &self->on_list) < 0)
            return -1;
        if (flatten(off_next, self->count, &self->off_start, &self->off_list) < 0)
            return -1;
    }
    self->seen = PyMem_Calloc(self->count ? self->count : 1, sizeof(uint32_t));
    self->cap = self->count + 16;
    self->nodes = PyMem_Malloc(self->cap * sizeof(int32_t));
    self->parent = PyMem_Malloc(self->cap * sizeof(int32_t));
    self->loops_cap = 16;
    self->loops = PyMem_Malloc(self->loops_cap * sizeof(int32_t));
    if (!self->seen || !self->nodes || !self->parent || !self->loops) {
        PyErr_NoMemory();
        return -1;
    }
    self->stamp = 0;
    return 0;
}

/* A fresh stamp for a search (the seen marks of every earlier search stop counting). */
static uint32_t
next_stamp(Links *self)
{
    if (++self->stamp == 0) {
        memset(self->seen, 0, self->count * sizeof(uint32_t));
        self->stamp = 1;
    }
    return self->stamp;
}

/* Entry ``n`` (the n-th) with its potential and parent; -1 when out of memory. */
static int
add_entry(Links *self, Py_ssize_t n, int32_t node, int32_t from)
{
    if (n >= self->cap) {
        Py_ssize_t cap = self->cap * 2;
        int32_t *nodes = PyMem_Realloc(self->nodes, cap * sizeof(int32_t));
        if (!nodes) {
            PyErr_NoMemory();
            return -1;
        }
        self->nodes = nodes;
        int32_t *parent = PyMem_Realloc(self->parent, cap * sizeof(int32_t));
        if (!parent) {
            PyErr_NoMemory();
            return -1;
        }
        self->parent = parent;
        self->cap = cap;
    }
    self->nodes[n] = node;
    self->parent[n] = from;
    return 0;
}

/* The chain ending in ``first`` whose earlier potentials are entry ``entry``'s path back. */
static PyObject *
chain(Links *self, int32_t first, Py_ssize_t entry)
{
    PyObject *out = PyList_New(0);
    if (!out)
        return NULL;
    PyObject *item = PyLong_FromLong(first);
    if (!item || PyList_Append(out, item) < 0) {
        Py_XDECREF(item);
        Py_DECREF(out);
        return NULL;
    }
    Py_DECREF(item);
    while (entry >= 0) {
        item = PyLong_FromLong(self->nodes[entry]);
        if (!item || PyList_Append(out, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(item);
        entry = self->parent[entry];
    }
    return out;
}

static int
parse_search(Links *self, PyObject *const *args, Py_ssize_t nargs, long *node, long *limit)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "the search takes a potential and a limit");
        return -1;
    }
    *node = PyLong_AsLong(args[0]);
    if (*node == -1 && PyErr_Occurred())
        return -1;
    *limit = PyLong_AsLong(args[1]);
    if (*limit == -1 && PyErr_Occurred())
        return -1;
    if (*node < 0 || *node >= self->count) {
        PyErr_SetString(PyExc_ValueError, "not a potential of the tables");
        return -1;
    }
    return 0;
}

/* _Links.cycles: every chain from the on potential ``source`` back to it, in the order found. */
static PyObject *
Links_cycles(Links *self, PyObject *const *args, Py_ssize_t nargs)
{
    long source, limit;
    if (parse_search(self, args, nargs, &source, &limit) < 0)
        return NULL;
    uint32_t stamp = next_stamp(self);
    Py_ssize_t n = 0, loops = 0;
    if (add_entry(self, n++, (int32_t)source, -1) < 0)
        return NULL;
    self->seen[source] = stamp;
    Py_ssize_t on_lo = 0, on_hi = 1;
    long length = 0, steps = 0;
    while (on_lo < on_hi) {
        if (length > limit)
            break;
        steps += on_hi - on_lo;
        length++;
        Py_ssize_t off_lo = n;
        for (Py_ssize_t e = on_lo; e < on_hi; e++) {
            int32_t p = self->nodes[e];
            for (int32_t i = self->on_start[p]; i < self->on_start[p + 1]; i++) {
                int32_t q = self->on_list[i];
                Py_ssize_t k = e;
                while (k >= 0 && self->nodes[k] != q)
                    k = self->parent[k];
                if (k < 0 && add_entry(self, n++, q, (int32_t)e) < 0)
                    return NULL;
            }
        }
        Py_ssize_t off_hi = n;
        length++;
        on_lo = n;
        for (Py_ssize_t e = off_lo; e < off_hi; e++) {
            int32_t p = self->nodes[e];
            for (int32_t i = self->off_start[p]; i < self->off_start[p + 1]; i++) {
                int32_t q = self->off_list[i];
                if (length >= 4 && q == source) {
                    if (loops >= self->loops_cap) {
                        int32_t *grown = PyMem_Realloc(self->loops, self->loops_cap * 2 * sizeof(int32_t));
                        if (!grown)
                            return PyErr_NoMemory();
                        self->loops = grown;
                        self->loops_cap *= 2;
                    }
                    self->loops[loops++] = (int32_t)e;
                }
                if (self->seen[q] != stamp) {
                    self->seen[q] = stamp;
                    if (add_entry(self, n++, q, (int32_t)e) < 0)
                        return NULL;
                }
            }
        }
        on_hi = n;
    }
    PyObject *found = PyList_New(loops);
    if (!found)
        return NULL;
    for (Py_ssize_t i = 0; i < loops; i++) {
        PyObject *one = chain(self, (int32_t)source, self->loops[i]);
        if (!one) {
            Py_DECREF(found);
            return NULL;
        }
        PyList_SET_ITEM(found, i, one);
    }
    return Py_BuildValue("(lN)", steps, found);
}

/* _Links.forcing: the shortest chain from ``start`` to its negation, or None. */
static PyObject *
Links_forcing(Links *self, PyObject *const *args, Py_ssize_t nargs)
{
    long start, limit;
    if (parse_search(self, args, nargs, &start, &limit) < 0)
        return NULL;
    uint32_t stamp = next_stamp(self);
    int32_t goal = (int32_t)(start ^ 1);
    Py_ssize_t n = 0, found = -1;
    if (add_entry(self, n++, (int32_t)start, -1) < 0)
        return NULL;
    self->seen[start] = stamp;
    /* pending on and off potentials: ranges of entries (one of them empty at every round's
       start but the first's, where the start is the one pending) */
    Py_ssize_t on_lo = 0, on_hi = 0, off_lo = 0, off_hi = 0;
    if (start & 1)
        on_hi = 1;
    else
        off_hi = 1;
    long depth = 1, steps = 0;
    while (on_lo < on_hi || off_lo < off_hi) {
        if (depth > limit)
            break;
        depth++;
        steps += (on_hi - on_lo) + (off_hi - off_lo);
        Py_ssize_t made = n;
        for (Py_ssize_t e = on_lo; e < on_hi && found < 0; e++) {
            int32_t p = self->nodes[e];
            for (int32_t i = self->on_start[p]; i < self->on_start[p + 1]; i++) {
                int32_t q = self->on_list[i];
                if (q == goal) {
                    found = e;
                    break;
                }
                if (self->seen[q] != stamp) {
                    self->seen[q] = stamp;
                    if (add_entry(self, n++, q, (int32_t)e) < 0)
                        return NULL;
                }
            }
        }
        if (found >= 0)
            break;
        if (off_lo == off_hi) {   /* the off potentials the on ones just turned off */
            off_lo = made;
            off_hi = n;
        }
        on_lo = n;
        for (Py_ssize_t e = off_lo; e < off_hi && found < 0; e++) {
            int32_t p = self->nodes[e];
            for (int32_t i = self->off_start[p]; i < self->off_start[p + 1]; i++) {
                int32_t q = self->off_list[i];
                if (q == goal) {
                    found = e;
                    break;
                }
                if (self->seen[q] != stamp) {
                    self->seen[q] = stamp;
                    if (add_entry(self, n++, q, (int32_t)e) < 0)
                        return NULL;
                }
            }
        }
        if (found >= 0)
            break;
        on_hi = n;
        off_lo = off_hi = 0;
    }
    if (found < 0)
        return Py_BuildValue("(lO)", steps, Py_None);
    return Py_BuildValue("(lN)", steps, chain(self, goal, found));
}

static PyMethodDef Links_methods[] = {
    {"cycles", (PyCFunction)(void (*)(void))Links_cycles, METH_FASTCALL,
     "cycles(source, limit): (steps, the chains from the on potential source back to it)."},
    {"forcing", (PyCFunction)(void (*)(void))Links_forcing, METH_FASTCALL,
     "forcing(start, limit): (steps, the shortest chain from start to its negation, or None)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject LinksType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "solver.sudoku._chains.Links",
    .tp_basicsize = sizeof(Links),
    .tp_dealloc = (destructor)Links_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One position's static implications, with the unary chain searches on them.",
    .tp_methods = Links_methods,
    .tp_init = (initproc)Links_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef chains_module = {
    PyModuleDef_HEAD_INIT, "solver.sudoku._chains",
    "The unary chain searches of solver.sudoku.chains in machine words.", -1, NULL,
};

PyMODINIT_FUNC
PyInit__chains(void)
{
    if (PyType_Ready(&LinksType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&chains_module);
    if (!module)
        return NULL;
    Py_INCREF(&LinksType);
    if (PyModule_AddObject(module, "Links", (PyObject *)&LinksType) < 0) {
        Py_DECREF(&LinksType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
