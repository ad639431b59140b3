/*===- fastlaunch.c - The launch fast path of the tessel package ----------===
 *
 * `tessel._fastlaunch`: a CPython extension on the stable ABI (abi3,
 * CPython >= 3.10), so that one build serves every later Python. It does,
 * for a launch whose kernel this process already holds, what jit.py would
 * do in Python: derive the specialization key from the arguments, find the
 * kernel in the JITFunction's table, turn the arguments into the C
 * runtime's 64-bit values and call tessel_rt_launch. Anything it does not
 * know (an argument type other than int, float, bool and the tensor types
 * the package registered; a non-contiguous tensor; a kernel not in the
 * table) goes back to jit.py, which handles every case and fills the table.
 *
 * launch(table, prefix, args, constexprs, specialize, grid)
 *   table       dict: key -> (kernel handle: int, kinds: bytes, loaded)
 *   prefix      hashable: what the key holds besides the arguments
 *   args        tuple of the runtime arguments, in order
 *   constexprs  tuple of the constexpr values (their types join the key)
 *   specialize  bytes, one per runtime argument: 1 where integers
 *               specialize on their value (:1, :16, :8), 0 under
 *               do_not_specialize
 *   grid        an int or a tuple of 1 to 3 ints
 * Returns `loaded` after a launch; the key (a tuple) when the table has no
 * kernel for it; None when the arguments need jit.py; an int, the C
 * interface's error code, when the launch failed (the message is the C
 * runtime's last error).
 *
 * The key of each argument must decide what jit.py's specialization
 * decides (arguments.py): for an int its type (i32, i64, u64) and
 * :1/:16/:8;
 * for a bool or float its type; for a tensor its dtype object, whether its
 * address is a multiple of 16 and whether it is in device memory.
 *===----------------------------------------------------------------------===*/

#define PY_SSIZE_T_CLEAN
#define Py_LIMITED_API 0x030A0000
#include <Python.h>

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

typedef int (*LaunchFn)(void *kernel, uint32_t gx, uint32_t gy, uint32_t gz,
                        size_t num_args, const uint64_t *values, const uint64_t *sizes);

/* Launches with more go through jit.py. */
#define MAX_ARGS 64
#define MAX_TENSOR_TYPES 8

static LaunchFn launch_fn = NULL;
static PyObject *tensor_types[MAX_TENSOR_TYPES];
static int num_tensor_types = 0;

static PyObject *s_data_ptr, *s_dtype, *s_is_cuda, *s_is_contiguous, *s_nbytes;

/* Key codes of scalars: an int's type (0 i32, 1 i64, 2 u64) times 4 plus
 * its value class (0 none, 1 the value 1, 2 a multiple of 16, 3 a multiple
 * of 8 and not of 16); then bool and float. */
enum { CODE_BOOL = 12, CODE_FLOAT = 13 };

static int is_tensor_type(PyObject *type) {
  for (int i = 0; i < num_tensor_types; ++i)
    if (tensor_types[i] == type)
      return 1;
  return 0;
}

/* 1 and *out set; 0: not representable in 64 bits (jit.py says so). */
static int int_code(PyObject *v, int specialize, long *out, uint64_t *bits) {
  int overflow = 0;
  long long s = PyLong_AsLongLongAndOverflow(v, &overflow);
  if (s == -1 && PyErr_Occurred())
    return -1;
  int width;
  uint64_t u;
  if (overflow == 0) {
    width = (s >= -2147483648LL && s < 2147483648LL) ? 0 : 1;
    u = (uint64_t)s;
  } else if (overflow > 0) {
    u = PyLong_AsUnsignedLongLong(v);
    if (u == (uint64_t)-1 && PyErr_Occurred()) {
      PyErr_Clear();
      return 0;
    }
    width = 2;
  } else {
    return 0;
  }
  int cls = 0;
  /* Divisibility only of positive values, as jit.py derives it. */
  const int positive = overflow != 0 || s > 0;
  if (specialize)
    cls = (u == 1) ? 1 : (positive && u % 16 == 0 ? 2 : (positive && u % 8 == 0 ? 3 : 0));
  *out = width * 4 + cls;
  *bits = u;
  return 1;
}

static int truth_attr(PyObject *obj, PyObject *name, int call) {
  PyObject *r =
      call ? PyObject_CallMethodObjArgs(obj, name, NULL) : PyObject_GetAttr(obj, name);
  if (r == NULL)
    return -1;
  int t = PyObject_IsTrue(r);
  Py_DECREF(r);
  return t;
}

static int u64_attr(PyObject *obj, PyObject *name, int call, uint64_t *out) {
  PyObject *r =
      call ? PyObject_CallMethodObjArgs(obj, name, NULL) : PyObject_GetAttr(obj, name);
  if (r == NULL)
    return -1;
  *out = PyLong_AsUnsignedLongLongMask(r);
  Py_DECREF(r);
  return PyErr_Occurred() ? -1 : 0;
}

static int parse_grid(PyObject *grid, uint32_t g[3]) {
  g[0] = g[1] = g[2] = 1;
  if (PyLong_CheckExact(grid)) {
    unsigned long v = PyLong_AsUnsignedLong(grid);
    if (PyErr_Occurred() || v > 0xffffffffUL) {
      PyErr_Clear();
      return 0;
    }
    g[0] = (uint32_t)v;
    return 1;
  }
  if (!PyTuple_Check(grid))
    return 0;
  Py_ssize_t n = PyTuple_Size(grid);
  if (n < 1 || n > 3)
    return 0;
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *d = PyTuple_GetItem(grid, i);
    if (!PyLong_CheckExact(d))
      return 0;
    unsigned long v = PyLong_AsUnsignedLong(d);
    if (PyErr_Occurred() || v > 0xffffffffUL) {
      PyErr_Clear();
      return 0;
    }
    g[i] = (uint32_t)v;
  }
  return 1;
}

static PyObject *fast_launch(PyObject *self, PyObject *const *argv, Py_ssize_t argc) {
  (void)self;
  if (argc != 6) {
    PyErr_SetString(PyExc_TypeError, "launch takes 6 arguments");
    return NULL;
  }
  PyObject *table = argv[0], *prefix = argv[1], *args = argv[2], *cx = argv[3],
           *spec = argv[4], *grid = argv[5];
  if (launch_fn == NULL || !PyDict_Check(table) || !PyTuple_Check(args) ||
      !PyTuple_Check(cx) || !PyBytes_Check(spec)) {
    PyErr_SetString(PyExc_TypeError,
                    "launch: bad arguments (or set_launch not called)");
    return NULL;
  }
  const Py_ssize_t n = PyTuple_Size(args);
  const Py_ssize_t ncx = PyTuple_Size(cx);
  if (n > MAX_ARGS || ncx > MAX_ARGS || PyBytes_Size(spec) != n)
    Py_RETURN_NONE;
  const char *specialize = PyBytes_AsString(spec);
  uint32_t g[3];
  if (!parse_grid(grid, g))
    Py_RETURN_NONE;

  uint64_t values[MAX_ARGS], sizes[MAX_ARGS];
  /* The key: each argument's parts, then each constexpr's type. Parts are
   * borrowed small ints or new references (dtypes), kept in `owned`. */
  PyObject *parts[2 * MAX_ARGS + MAX_ARGS];
  int owned[2 * MAX_ARGS + MAX_ARGS];
  Py_ssize_t np = 0;
  PyObject *result = NULL;

  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *v = PyTuple_GetItem(args, i);
    PyObject *type = (PyObject *)Py_TYPE(v);
    if (type == (PyObject *)&PyLong_Type) {
      long code;
      int ok = int_code(v, specialize[i], &code, &values[i]);
      if (ok < 0)
        goto error;
      if (ok == 0)
        goto fallback; /* past 64 bits: jit.py says so */
      sizes[i] = 0;
      parts[np] = PyLong_FromLong(code);
      owned[np++] = 1;
    } else if (type == (PyObject *)&PyBool_Type) {
      values[i] = (v == Py_True);
      sizes[i] = 0;
      parts[np] = PyLong_FromLong(CODE_BOOL);
      owned[np++] = 1;
    } else if (type == (PyObject *)&PyFloat_Type) {
      double d = PyFloat_AsDouble(v);
      memcpy(&values[i], &d, sizeof d); /* narrowed per kind at launch */
      sizes[i] = 0;
      parts[np] = PyLong_FromLong(CODE_FLOAT);
      owned[np++] = 1;
    } else if (is_tensor_type(type)) {
      uint64_t ptr, nbytes;
      if (u64_attr(v, s_data_ptr, 1, &ptr) < 0)
        goto error;
      int contiguous = truth_attr(v, s_is_contiguous, 1);
      if (contiguous < 0)
        goto error;
      if (!contiguous)
        goto fallback; /* jit.py measures its extent */
      if (u64_attr(v, s_nbytes, 0, &nbytes) < 0)
        goto error;
      int device = truth_attr(v, s_is_cuda, 0);
      if (device < 0)
        goto error;
      PyObject *dtype = PyObject_GetAttr(v, s_dtype);
      if (dtype == NULL)
        goto error;
      values[i] = ptr;
      sizes[i] = nbytes;
      parts[np] = dtype;
      owned[np++] = 1;
      parts[np] = PyLong_FromLong((ptr % 16 == 0 ? 1 : 0) | (device ? 2 : 0));
      owned[np++] = 1;
    } else {
      goto fallback;
    }
  }
  for (Py_ssize_t i = 0; i < ncx; ++i) {
    parts[np] = (PyObject *)Py_TYPE(PyTuple_GetItem(cx, i));
    Py_INCREF(parts[np]);
    owned[np++] = 1;
  }

  {
    PyObject *argkey = PyTuple_New(np);
    if (argkey == NULL)
      goto error;
    for (Py_ssize_t i = 0; i < np; ++i) {
      PyTuple_SetItem(argkey, i, parts[i]); /* steals */
      owned[i] = 0;
    }
    np = 0;
    PyObject *key = PyTuple_Pack(2, prefix, argkey);
    Py_DECREF(argkey);
    if (key == NULL)
      return NULL;
    PyObject *entry = PyDict_GetItemWithError(table, key);
    if (entry == NULL) {
      if (PyErr_Occurred()) {
        Py_DECREF(key);
        return NULL;
      }
      return key; /* not compiled here yet */
    }
    Py_DECREF(key);
    if (!PyTuple_Check(entry) || PyTuple_Size(entry) != 3) {
      PyErr_SetString(PyExc_TypeError, "launch: a table entry is not a 3-tuple");
      return NULL;
    }
    void *kernel = PyLong_AsVoidPtr(PyTuple_GetItem(entry, 0));
    PyObject *kinds = PyTuple_GetItem(entry, 1);
    if (PyErr_Occurred() || !PyBytes_Check(kinds) || PyBytes_Size(kinds) != n) {
      if (!PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "launch: a table entry's kinds do not fit");
      return NULL;
    }
    const char *k = PyBytes_AsString(kinds);
    for (Py_ssize_t i = 0; i < n; ++i) {
      if (k[i] == 'f') { /* fp32: the double narrowed, as struct.pack("<f") */
        double d;
        memcpy(&d, &values[i], sizeof d);
        /* Too large for fp32: jit.py raises OverflowError, as struct does. */
        if (isfinite(d) && fabs(d) > FLT_MAX)
          Py_RETURN_NONE;
        float f = (float)d;
        uint32_t b;
        memcpy(&b, &f, sizeof b);
        values[i] = b;
      }
      /* 'p' pointers, 'i' integers (two's complement), 'b' bools and 'd'
       * fp64 already hold their bits. */
    }
    /* Held across the launch: with the GIL released, another thread may
     * replace the table's entry, which must not free `loaded` under us. */
    Py_INCREF(entry);
    int code;
    Py_BEGIN_ALLOW_THREADS code =
        launch_fn(kernel, g[0], g[1], g[2], (size_t)n, values, sizes);
    Py_END_ALLOW_THREADS if (code != 0) {
      Py_DECREF(entry);
      return PyLong_FromLong(code);
    }
    result = PyTuple_GetItem(entry, 2);
    Py_INCREF(result);
    Py_DECREF(entry);
    return result;
  }

fallback:
  for (Py_ssize_t i = 0; i < np; ++i)
    if (owned[i])
      Py_DECREF(parts[i]);
  Py_RETURN_NONE;
error:
  for (Py_ssize_t i = 0; i < np; ++i)
    if (owned[i])
      Py_DECREF(parts[i]);
  return NULL;
}

static PyObject *set_launch(PyObject *self, PyObject *address) {
  (void)self;
  void *p = PyLong_AsVoidPtr(address);
  if (p == NULL && PyErr_Occurred())
    return NULL;
  launch_fn = (LaunchFn)p;
  Py_RETURN_NONE;
}

static PyObject *add_tensor_type(PyObject *self, PyObject *type) {
  (void)self;
  if (!PyType_Check(type)) {
    PyErr_SetString(PyExc_TypeError, "add_tensor_type takes a type");
    return NULL;
  }
  if (is_tensor_type(type))
    Py_RETURN_TRUE;
  if (num_tensor_types == MAX_TENSOR_TYPES)
    Py_RETURN_FALSE; /* its tensors take jit.py's path */
  Py_INCREF(type);
  tensor_types[num_tensor_types++] = type;
  Py_RETURN_TRUE;
}

static PyMethodDef methods[] = {
    {"launch", (PyCFunction)(void (*)(void))fast_launch, METH_FASTCALL,
     "launch(table, prefix, args, constexprs, specialize, grid): see the file comment"},
    {"set_launch", set_launch, METH_O, "set_launch(address of tessel_rt_launch)"},
    {"add_tensor_type", add_tensor_type, METH_O,
     "add_tensor_type(type): its instances take the fast path (data_ptr, dtype, "
     "is_cuda, is_contiguous, nbytes)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "tessel._fastlaunch",
    "The launch fast path of the tessel package (see fastlaunch.c).",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__fastlaunch(void) {
  s_data_ptr = PyUnicode_InternFromString("data_ptr");
  s_dtype = PyUnicode_InternFromString("dtype");
  s_is_cuda = PyUnicode_InternFromString("is_cuda");
  s_is_contiguous = PyUnicode_InternFromString("is_contiguous");
  s_nbytes = PyUnicode_InternFromString("nbytes");
  if (!s_data_ptr || !s_dtype || !s_is_cuda || !s_is_contiguous || !s_nbytes)
    return NULL;
  return PyModule_Create(&module);
}
