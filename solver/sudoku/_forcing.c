/* The implication loop of the forcing chains (solver/sudoku/chains.py) in machine words.
 *
 * chains.py's ``Forcing._run`` (with ``Chains.on_to_off`` and ``Chains.off_to_on``) is the
 * reference: from one assumed potential, every potential it implies, breadth first, the on
 * queue before the off queue, each potential once, stopping at the first contradiction.
 * Multiple, Nishio and dynamic forcing chains spend most of their time here; in Python every
 * step builds a list of successors and looks potentials up in dicts. Here the candidates
 * are an int64 per cell, the potentials reached are marked in arrays, and only what the
 * caller reads is built as Python objects: the two dicts of parents, in the order the
 * reference fills them, and the contradiction.
 *
 * Implications(cands, n, peers, units, units_of, y, dynamic[, excluded]) holds one position;
 * ``excluded`` (Chains.excluded: per cell * n + digit, the off potentials a rule's
 * digit-dependent neighbours add, non-consecutive's) follows the peers in an on step:
 *   follow(start) -> (on, off, absurd)
 * on and off map each potential reached to the tuple of its parents (Outcome.on, Outcome.off);
 * absurd is None or (on potential, its parents, off potential, its parents) as Outcome.absurd.
 * With ``dynamic`` every off potential taken from the queue removes its candidate from the
 * working copy, and an on potential's parents include the candidates whose removal it rests
 * on; without it the position never changes (the static tables of Chains.tables).
 * The "+" chains (Forcing with a level) stay in Python: they run the basic techniques
 * between rounds of this loop.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    int n;                              /* digits */
    Py_ssize_t cells, count;            /* count: cells * n * 2 potentials */
    int y, dynamic;                     /* Y-links (cells' last digits); removals as it goes */
    int64_t *source, *work;             /* the position's candidates; the working copy */
    int32_t *peer_start, *peer_list;    /* peers of cell c: peer_list[peer_start[c] .. peer_start[c + 1]) */
    int32_t *unit_start, *unit_list;    /* cells of unit u, the same way */
    int32_t *of_start, *of_list;        /* the units of cell c, in units_of's order */
    int32_t *ex_start, *ex_list;        /* off potentials of candidate cell * n + digit beyond its peers' */
    uint32_t *on_mark, *off_mark;       /* == stamp: reached on / off by the current follow */
    uint32_t stamp;
    int32_t *queue_on, *queue_off;      /* each potential enters its queue at most once */
} Implications;

static void
Implications_dealloc(Implications *self)
{
    PyMem_Free(self->source);
    PyMem_Free(self->work);
    PyMem_Free(self->peer_start);
    PyMem_Free(self->peer_list);
    PyMem_Free(self->unit_start);
    PyMem_Free(self->unit_list);
    PyMem_Free(self->of_start);
    PyMem_Free(self->of_list);
    PyMem_Free(self->ex_start);
    PyMem_Free(self->ex_list);
    PyMem_Free(self->on_mark);
    PyMem_Free(self->off_mark);
    PyMem_Free(self->queue_on);
    PyMem_Free(self->queue_off);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A sequence of sequences of ints in [0, below) as offsets and a flat list; -1 on error. */
static int
flatten(PyObject *rows_obj, Py_ssize_t below, Py_ssize_t *rows_out, int32_t **start_out, int32_t **list_out)
{
    PyObject *rows = PySequence_Fast(rows_obj, "a table is a sequence of rows");
    if (!rows)
        return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(rows), total = 0, at = 0;
    int32_t *start = PyMem_Malloc((count + 1) * sizeof(int32_t)), *list = NULL;
    PyObject **fast = PyMem_Calloc(count ? count : 1, sizeof(PyObject *));
    if (!start || !fast) {
        PyErr_NoMemory();
        goto failed;
    }
    for (Py_ssize_t r = 0; r < count; r++) {
        fast[r] = PySequence_Fast(PySequence_Fast_GET_ITEM(rows, r), "a row is a sequence of ints");
        if (!fast[r])
            goto failed;
        total += PySequence_Fast_GET_SIZE(fast[r]);
    }
    list = PyMem_Malloc((total ? total : 1) * sizeof(int32_t));
    if (!list) {
        PyErr_NoMemory();
        goto failed;
    }
    for (Py_ssize_t r = 0; r < count; r++) {
        start[r] = (int32_t)at;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast[r]); i++) {
            long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast[r], i));
            if (value == -1 && PyErr_Occurred())
                goto failed;
            if (value < 0 || value >= below) {
                PyErr_SetString(PyExc_ValueError, "a table names a cell or unit the position does not have");
                goto failed;
            }
            list[at++] = (int32_t)value;
        }
    }
    start[count] = (int32_t)at;
    for (Py_ssize_t r = 0; r < count; r++)
        Py_DECREF(fast[r]);
    PyMem_Free(fast);
    Py_DECREF(rows);
    *rows_out = count;
    *start_out = start;
    *list_out = list;
    return 0;
failed:
    if (fast)
        for (Py_ssize_t r = 0; r < count; r++)
            Py_XDECREF(fast[r]);
    PyMem_Free(fast);
    PyMem_Free(start);
    PyMem_Free(list);
    Py_DECREF(rows);
    return -1;
}

static int
Implications_init(Implications *self, PyObject *args, PyObject *kwds)
{
    (void)kwds;
    PyObject *cands_obj, *peers, *units, *units_of, *excluded = NULL;
    int n, y, dynamic;
    if (self->source) {
        PyErr_SetString(PyExc_TypeError, "an Implications object is made once");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "OiOOOpp|O", &cands_obj, &n, &peers, &units, &units_of, &y, &dynamic, &excluded))
        return -1;
    PyObject *cands = PySequence_Fast(cands_obj, "cands is a sequence of ints");
    if (!cands)
        return -1;
    Py_ssize_t cells = PySequence_Fast_GET_SIZE(cands), rows, unit_count;
    if (n < 1 || n > 62 || cells < 1 || cells * n * 2 >= INT32_MAX / 2) {
        Py_DECREF(cands);
        PyErr_SetString(PyExc_ValueError, "a position of 1 to 62 digits");
        return -1;
    }
    self->n = n;
    self->y = y;
    self->dynamic = dynamic;
    self->cells = cells;
    self->count = cells * n * 2;
    self->source = PyMem_Malloc(cells * sizeof(int64_t));
    self->work = PyMem_Malloc(cells * sizeof(int64_t));
    if (!self->source || !self->work) {
        Py_DECREF(cands);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t c = 0; c < cells; c++) {
        long long m = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(cands, c));
        if (m == -1 && PyErr_Occurred()) {
            Py_DECREF(cands);
            return -1;
        }
        self->source[c] = (int64_t)m;
    }
    Py_DECREF(cands);
    if (flatten(peers, cells, &rows, &self->peer_start, &self->peer_list) < 0)
        return -1;
    if (rows != cells) {
        PyErr_SetString(PyExc_ValueError, "peers: one row per cell");
        return -1;
    }
    if (flatten(units, cells, &unit_count, &self->unit_start, &self->unit_list) < 0)
        return -1;
    if (flatten(units_of, unit_count, &rows, &self->of_start, &self->of_list) < 0)
        return -1;
    if (rows != cells) {
        PyErr_SetString(PyExc_ValueError, "units_of: one row per cell");
        return -1;
    }
    if (excluded && PyObject_IsTrue(excluded)) {
        if (flatten(excluded, self->count, &rows, &self->ex_start, &self->ex_list) < 0)
            return -1;
        if (rows != cells * n) {
            PyErr_SetString(PyExc_ValueError, "excluded: one row per candidate");
            return -1;
        }
    }
    self->on_mark = PyMem_Calloc(self->count, sizeof(uint32_t));
    self->off_mark = PyMem_Calloc(self->count, sizeof(uint32_t));
    self->queue_on = PyMem_Malloc(self->count * sizeof(int32_t));
    self->queue_off = PyMem_Malloc(self->count * sizeof(int32_t));
    if (!self->on_mark || !self->off_mark || !self->queue_on || !self->queue_off) {
        PyErr_NoMemory();
        return -1;
    }
    self->stamp = 0;
    return 0;
}

/* One follow: its dicts, queues and the contradiction, if it met one. */
typedef struct {
    PyObject *on, *off, *absurd;
    Py_ssize_t on_head, on_tail, off_head, off_tail;
} Run;

/* A tuple of ``count`` potentials; NULL on error. */
static PyObject *
potentials(const int32_t *items, Py_ssize_t count)
{
    PyObject *tuple = PyTuple_New(count);
    if (!tuple)
        return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PyLong_FromLong(items[i]);
        if (!item) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, i, item);
    }
    return tuple;
}

/* (a, a's parents, b, b's parents) with b's parents looked up in ``table``; NULL on error. */
static PyObject *
clash(int32_t a, PyObject *a_parents, int32_t b, PyObject *table)
{
    PyObject *key = PyLong_FromLong(b);
    if (!key)
        return NULL;
    PyObject *b_parents = PyDict_GetItemWithError(table, key);   /* borrowed */
    Py_DECREF(key);
    if (!b_parents) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_SystemError, "a marked potential is missing from its table");
        return NULL;
    }
    return Py_BuildValue("(lOlO)", (long)a, a_parents, (long)b, b_parents);
}

/* Potential q turned off by p (Forcing._run's on step): 1 when it clashes with an on one,
   0 otherwise, -1 on error. */
static int
turn_off(Implications *self, Run *run, int32_t q, int32_t p)
{
    int32_t parent[1] = {p};
    if (self->on_mark[q | 1] == self->stamp) {
        PyObject *own = potentials(parent, 1);
        if (!own)
            return -1;
        /* Python's order: the on potential and its parents first */
        PyObject *key = PyLong_FromLong(q | 1);
        PyObject *on_parents = key ? PyDict_GetItemWithError(run->on, key) : NULL;
        Py_XDECREF(key);
        if (!on_parents) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_SystemError, "a marked potential is missing from its table");
            Py_DECREF(own);
            return -1;
        }
        run->absurd = Py_BuildValue("(lOlN)", (long)(q | 1), on_parents, (long)q, own);
        return run->absurd ? 1 : -1;
    }
    if (self->off_mark[q] == self->stamp)
        return 0;
    self->off_mark[q] = self->stamp;
    self->queue_off[run->off_tail++] = q;
    PyObject *key = PyLong_FromLong(q), *own = potentials(parent, 1);
    int status = (key && own) ? PyDict_SetItem(run->off, key, own) : -1;
    Py_XDECREF(key);
    Py_XDECREF(own);
    return status;
}

/* Potential q turned on, resting on ``parents`` (count of them): as turn_off. */
static int
turn_on(Implications *self, Run *run, int32_t q, const int32_t *parents, Py_ssize_t count)
{
    if (self->off_mark[q ^ 1] == self->stamp) {
        PyObject *own = potentials(parents, count);
        if (!own)
            return -1;
        run->absurd = clash(q, own, q ^ 1, run->off);
        Py_DECREF(own);
        return run->absurd ? 1 : -1;
    }
    if (self->on_mark[q] == self->stamp)
        return 0;
    self->on_mark[q] = self->stamp;
    self->queue_on[run->on_tail++] = q;
    PyObject *key = PyLong_FromLong(q), *own = potentials(parents, count);
    int status = (key && own) ? PyDict_SetItem(run->on, key, own) : -1;
    Py_XDECREF(key);
    Py_XDECREF(own);
    return status;
}

/* Chains.on_to_off on the working copy: the cell's other digits (with Y-links), then each
   peer still holding the digit, in the peers' order, then the excluded neighbours'. */
static int
on_step(Implications *self, Run *run, int32_t p)
{
    int n = self->n;
    Py_ssize_t cell = (p >> 1) / n;
    int digit = (p >> 1) % n;
    int64_t m = self->work[cell], bit = (int64_t)1 << digit;
    int status = 0;
    if (self->y)
        for (int e = 0; e < n && !status; e++)
            if (e != digit && (m >> e) & 1)
                status = turn_off(self, run, (int32_t)((cell * n + e) << 1), p);
    for (int32_t i = self->peer_start[cell]; i < self->peer_start[cell + 1] && !status; i++) {
        int32_t c = self->peer_list[i];
        if (self->work[c] & bit)
            status = turn_off(self, run, (int32_t)((c * n + digit) << 1), p);
    }
    if (self->ex_start) {
        Py_ssize_t at = cell * n + digit;
        for (int32_t i = self->ex_start[at]; i < self->ex_start[at + 1] && !status; i++) {
            int32_t q = self->ex_list[i], other = (q >> 1) / n, other_digit = (q >> 1) % n;
            if ((self->work[other] >> other_digit) & 1)
                status = turn_off(self, run, q, p);
        }
    }
    return status;
}

/* Chains.off_to_on on the working copy (X-links always, Y-links when asked), each on
   potential with p and, when dynamic, the removals it rests on as its parents; then, when
   dynamic, p's candidate is removed. */
static int
off_step(Implications *self, Run *run, int32_t p)
{
    int n = self->n;
    Py_ssize_t cell = (p >> 1) / n;
    int digit = (p >> 1) % n;
    int64_t m = self->work[cell], bit = (int64_t)1 << digit;
    int32_t parents[1 + 64];      /* p, then at most one removal per digit or per cell of a unit */
    int status = 0;
    if (self->y && __builtin_popcountll((unsigned long long)m) == 2) {
        int64_t rest = m & ~bit;
        int other = 63 - __builtin_clzll((unsigned long long)rest);   /* bit_length - 1 */
        Py_ssize_t count = 0;
        parents[count++] = p;
        if (self->dynamic) {
            int64_t gone = self->source[cell] & ~m;
            for (int d = 0; d < n; d++)
                if ((gone >> d) & 1)
                    parents[count++] = (int32_t)((cell * n + d) << 1);
        }
        status = turn_on(self, run, (int32_t)(((cell * n + other) << 1) | 1), parents, count);
    }
    for (int32_t k = self->of_start[cell]; k < self->of_start[cell + 1] && !status; k++) {
        int32_t u = self->of_list[k];
        Py_ssize_t other = -1;
        for (int32_t i = self->unit_start[u]; i < self->unit_start[u + 1]; i++) {
            int32_t c = self->unit_list[i];
            if (c != cell && self->work[c] & bit) {
                if (other >= 0) {
                    other = -2;
                    break;
                }
                other = c;
            }
        }
        if (other < 0)
            continue;
        Py_ssize_t count = 0;
        parents[count++] = p;
        if (self->dynamic)
            for (int32_t i = self->unit_start[u]; i < self->unit_start[u + 1] && count < 65; i++) {
                int32_t c = self->unit_list[i];
                if (self->source[c] & bit && !(self->work[c] & bit))
                    parents[count++] = (int32_t)((c * n + digit) << 1);
            }
        status = turn_on(self, run, (int32_t)(((other * n + digit) << 1) | 1), parents, count);
    }
    if (self->dynamic)
        self->work[cell] &= ~bit;
    return status;
}

/* Forcing.follow's loop: (on, off, absurd) from the potential ``start``. */
static PyObject *
Implications_follow(Implications *self, PyObject *arg)
{
    long start = PyLong_AsLong(arg);
    if (start == -1 && PyErr_Occurred())
        return NULL;
    if (start < 0 || start >= self->count) {
        PyErr_SetString(PyExc_ValueError, "not a potential of the position");
        return NULL;
    }
    if (++self->stamp == 0) {   /* the marks of every earlier follow stop counting */
        memset(self->on_mark, 0, self->count * sizeof(uint32_t));
        memset(self->off_mark, 0, self->count * sizeof(uint32_t));
        self->stamp = 1;
    }
    memcpy(self->work, self->source, self->cells * sizeof(int64_t));
    Run run = {PyDict_New(), PyDict_New(), NULL, 0, 0, 0, 0};
    PyObject *key = PyLong_FromLong(start), *none = PyTuple_New(0);
    int status = (run.on && run.off && key && none) ? 0 : -1;
    if (!status) {
        if (start & 1) {
            self->on_mark[start] = self->stamp;
            self->queue_on[run.on_tail++] = (int32_t)start;
            status = PyDict_SetItem(run.on, key, none);
        } else {
            self->off_mark[start] = self->stamp;
            self->queue_off[run.off_tail++] = (int32_t)start;
            status = PyDict_SetItem(run.off, key, none);
        }
    }
    Py_XDECREF(key);
    Py_XDECREF(none);
    while (!status) {
        if (run.on_head < run.on_tail)
            status = on_step(self, &run, self->queue_on[run.on_head++]);
        else if (run.off_head < run.off_tail)
            status = off_step(self, &run, self->queue_off[run.off_head++]);
        else
            break;
    }
    if (status < 0) {
        Py_XDECREF(run.on);
        Py_XDECREF(run.off);
        return NULL;
    }
    return Py_BuildValue("(NNN)", run.on, run.off, run.absurd ? run.absurd : Py_NewRef(Py_None));
}

static PyMethodDef Implications_methods[] = {
    {"follow", (PyCFunction)Implications_follow, METH_O,
     "follow(start): (on, off, absurd), every implication of the potential start (Forcing.follow)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ImplicationsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "solver.sudoku._forcing.Implications",
    .tp_basicsize = sizeof(Implications),
    .tp_dealloc = (destructor)Implications_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One position, with the forcing chains' implication loop on it.",
    .tp_methods = Implications_methods,
    .tp_init = (initproc)Implications_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef forcing_module = {
    PyModuleDef_HEAD_INIT, "solver.sudoku._forcing",
    "The implication loop of solver.sudoku.chains' forcing chains in machine words.", -1, NULL,
};

PyMODINIT_FUNC
PyInit__forcing(void)
{
    if (PyType_Ready(&ImplicationsType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&forcing_module);
    if (!module)
        return NULL;
    Py_INCREF(&ImplicationsType);
    if (PyModule_AddObject(module, "Implications", (PyObject *)&ImplicationsType) < 0) {
        Py_DECREF(&ImplicationsType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
