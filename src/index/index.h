/* index.h — the whole-tree index: what every analyzed file contributes (a ModuleSummary,
 * extracted in parallel, each in its worker's arena) and what is computed over all of them
 * (module names, resolved imports, classes with resolved bases and their C3 MRO, functions and
 * methods with their spans, call sites). The whole-tree rules and the callers / overrides /
 * hierarchy queries read it.
 *
 * Summaries hold no pointer into a file's arena: strings are copied, so the file's arena is
 * freed right after extraction. Code is not kept: the override rules compare methods as
 * statement hashes (from ast_hash), made afterwards for the few methods they compare, by
 * reading those methods again (bodies.c).
 */
#ifndef DW_INDEX_H
#define DW_INDEX_H

#include <stdbool.h>
#include <stdint.h>

#include "ast/ast.h"
#include "base/arena.h"
#include "base/buf.h"
#include "source/source.h"

/* ---- per file ----------------------------------------------------------------------------- */

/* A statement of a function body, flattened (compound statements contribute their header and
 * then their bodies), kept as a structural hash and a line, for the drift comparison. */
typedef struct StmtUnit {
    uint64_t hash;
    int32_t line;
} StmtUnit;

enum {
    FN_ASYNC = 1,
    FN_GENERATOR = 2,
    FN_STUB = 4,          /* body is only docstring, `...`, `pass` or `raise NotImplementedError` */
    FN_ABSTRACT = 8,      /* @abstractmethod */
    FN_DECORATED = 16,    /* decorated with anything but staticmethod/classmethod/abstractmethod */
    FN_RETURNS_NONE = 32, /* every return is bare or `return None` (falling off the end counts) */
    FN_CALLS_SUPER = 64,  /* calls super() anywhere in its body */
    FN_STATIC = 128,
    FN_CLASSMETHOD = 256,
    FN_PROPERTY = 512,
    FN_NEEDS_ARGS = 1024, /* a call needs arguments: a parameter without a default (self and cls
                             of a method aside) */
};

/* A noqa comment of the file, for findings of the whole-tree rules. */
typedef struct NoqaSum {
    int32_t line, col; /* col: the character column of its '#', 1-based */
    const char *text;
} NoqaSum;

/* Positions in summaries are what users see: 1-based lines and 1-based character columns
 * (end exclusive). The line's text is not kept (a tree of a million functions would hold a
 * million lines): run_files reads it back for the few findings that need it. */
typedef struct SumLoc {
    int32_t line, col, end_line, end_col;
} SumLoc;

/* A method's code, for the override rules: made only for the methods they compare (see
 * index_fill_bodies). */
typedef struct MethodCode {
    uint64_t sig_hash;  /* arguments, decorators and return annotation */
    uint64_t body_hash; /* the whole body */
    const StmtUnit *units;
    int32_t nunits;
    /* the names its code reads that are none of its locals (module globals or builtins, as
     * far as the method alone tells; those of its decorators and defaults too), sorted, each
     * once: two copies of a method are the same code only where these are the same objects */
    const char **globals;
    int32_t nglobals;
    uint8_t facts; /* CODE_* */
} MethodCode;
enum {
    CODE_DUNDER_CLASS = 1, /* reads __class__: the class it is written in */
    CODE_PRIVATE = 2,      /* names a private name (__x), mangled with its class's name */
    CODE_DECORATOR = 4,    /* a decorator that may act on the class being made, or register the
                              function (any but staticmethod, classmethod, property and its
                              setter/getter/deleter, abstractmethod, cached_property, override,
                              final, overload, functools' cache and lru_cache, wraps) */
};
/* Fills code c's globals and facts from its FunctionDef node (bodies.c); false when out of memory.
 */
bool index_code_facts(Arena *out, Arena *scratch, const Node *fn, MethodCode *c);

/* One per def of the tree (62,000 in the standard library): kept to 56 bytes (its qualified
 * name is made when asked, by func_qualname; its code, for the few methods compared, is kept
 * apart, in ModuleSummary.code), since every byte of a summary is memory the run touches for
 * the first time. */
typedef struct FuncSum {
    const char *name;
    int32_t cls;            /* index of the enclosing class in the module's classes, or -1 */
    int32_t outer;          /* index of the function it is defined in, or -1 */
    int32_t line, end_line; /* the def's span (decorators excluded) */
    int32_t first_line;     /* its first decorator's line, or `line` */
    uint32_t text_from;     /* its text: from the start of first_line to the end of end_line, */
    uint32_t text_to;       /* as offsets in the parsed text */
    int32_t def_col;        /* the `def NAME` part: from def_col to def_end_col on `line` */
    int32_t def_end_col;    /* (func_def gives it as a SumLoc) */
    uint16_t flags;
    uint16_t size;  /* the statements its body flattens to (its code's nunits), or SIZE_MANY */
    uint64_t shape; /* a method's statements, counted by a shallow key in sixteen 4-bit counts
                       (saturating): what bodies.c compares before it reads two methods */
} FuncSum;
enum { SIZE_MANY = UINT16_MAX }; /* (as many or more: more than the override rules compare) */

static inline SumLoc func_def(const FuncSum *f) {
    return (SumLoc){f->line, f->def_col, f->line, f->def_end_col};
}

/* A name a module or a class defines, for lookups by name: a slot of an open-addressing table
 * (a power of two of them, at most 3/4 full) holding one entry per name, the definition that
 * wins (the last one). Made with the summary, while its strings are at hand
 * (summary_index_names), not by the index. */
typedef struct NameEntry {
    uint32_t hash; /* name_hash */
    uint32_t what; /* index << 2 | NAME_CLASS, NAME_FUNCTION or NAME_IMPORT; 0: an empty slot */
} NameEntry;
enum { NAME_IMPORT = 1, NAME_CLASS = 2, NAME_FUNCTION = 3 };

static inline uint32_t name_hash(const char *s) {
    return (uint32_t)hash_bytes(s, strlen(s), HASH_SEED);
}

typedef struct ClassSum {
    const char *name;
    const char *qualname;
    int32_t line, end_line;
    SumLoc def;         /* the `class NAME` part */
    const char **bases; /* dotted text as written: "Base", "mod.Base", "" when not a name */
    int32_t nbases;
    int32_t *methods; /* indices into the module's functions */
    int32_t nmethods;
    const NameEntry *byname; /* its methods by name (NAME_FUNCTION) */
    int32_t nbyname;         /* (the table's slots) */
    bool decorated;          /* a class decorator (it may add methods the class lacks) */
} ClassSum;

/* A name bound by an import at module level (in an `if` or a `try` too, not in a def or class). */
typedef struct ImportSum {
    const char *bound;  /* the local name */
    const char *module; /* absolute module named (relative imports resolved against the file) */
    const char *name;   /* the imported name for `from m import name`, NULL for `import m` */
    int32_t line;       /* its line (a class's bases are resolved by position) */
} ImportSum;

typedef enum Receiver {
    RECV_NAME,    /* f(...) */
    RECV_SELF,    /* self.m(...) inside a method */
    RECV_CLS,     /* cls.m(...) inside a classmethod */
    RECV_SUPER,   /* super().m(...) */
    RECV_DOTTED,  /* a.b.m(...) where a is a module-level name (an import or a class) */
    RECV_UNKNOWN, /* obj.m(...) on anything else */
} Receiver;

enum { LOCAL_NO, LOCAL_YES, LOCAL_UNCHECKED }; /* CallSum.local, CallRef.local */

/* A call as the index resolves it (made by summary_call_ref, for the rules' collectors). */
typedef struct CallRef {
    const char *callee;   /* the called name: f, m */
    const char *receiver; /* the receiver's text: "self", "os.path", "" */
    uint8_t kind;         /* Receiver */
    uint8_t local;        /* as CallSum.local */
    int32_t func;         /* enclosing function, -1 at module level */
    int32_t cls;          /* enclosing class (of a method, or of the method a closure is in) */
} CallRef;

/* A condition that holds whenever a call runs: Python source, and the precedence of its
 * outermost operator (UnparsePrec, src/ast/unparse.h), which says where it needs parentheses:
 * standing alone, below PREC_TEST (a walrus, a tuple); joined by `and`, below PREC_NOT. */
typedef struct Guard {
    const char *text;
    uint8_t prec;
} Guard;

enum {
    CALL_IN_FINALLY = 1, /* in a `finally:` body: runs on the normal and the exceptional path */
    CALL_GUARDS_CUT = 2, /* more conditions hold than `guards` lists (the nearest ones) */
};

/* A call site. */
typedef struct CallSum {
    const char *callee;   /* the called name: f, m */
    const char *receiver; /* the receiver's text: "self", "os.path", "" */
    uint8_t kind;         /* Receiver */
    SumLoc loc;           /* the call expression */
    int32_t func;         /* enclosing function (index into functions), -1 at module level */
    int32_t cls;          /* enclosing class, -1 if none */
    const Guard *guards;  /* conditions that hold whenever the call runs, outermost first */
    int32_t nguards;
    const Guard *called; /* conditions that held when tested, but a call made since may have
                            changed what they read (see calls.c) */
    int32_t ncalled;
    uint8_t flags;       /* CALL_IN_FINALLY, CALL_GUARDS_CUT */
    const char **before; /* callee names of calls that always run before it in its function */
    int32_t nbefore;
    uint8_t local; /* RECV_NAME (and RECV_DOTTED: its first name): whether the name is bound
                      in the enclosing function (a parameter, an assignment), and so is not the
                      module-level one: LOCAL_YES or LOCAL_NO (a rule's collector may leave it
                      LOCAL_UNCHECKED in its own records: see index_bound_locally) */
} CallSum;

/* What a rule's collector left in a summary (collect.h). */
struct Collector;
typedef struct CollectedFacts {
    const struct Collector *by;
    const void *facts;
} CollectedFacts;

typedef struct ModuleSummary {
    const char *path;   /* the file, as displayed */
    const char *module; /* dotted module name */
    bool is_package;    /* an __init__.py */
    bool generated;     /* the file says a program wrote it (source_is_generated): no findings */
    int32_t text_skip;  /* the file's bytes from this offset on are its text, as parsed (UTF-8,
                           no line end translated); -1: they had to be decoded */
    uint64_t text_len;  /* the text as parsed: its length and hash (index_text_hash), which */
    uint64_t text_hash; /* what is read again later in the run is checked against (bodies.c);
                           made only when the rules will read the file again */
    FuncSum *functions;
    int32_t nfunctions;
    ClassSum *classes;
    int32_t nclasses;
    ImportSum *imports;
    int32_t nimports;
    CallSum *calls; /* the callers query's, in source order */
    int32_t ncalls;
    NoqaSum *noqa;
    int32_t nnoqa;
    const MethodCode **code;     /* per function, its code once made; NULL until one is */
    const NameEntry *names;      /* what the module binds at top level: its classes and functions
                                    outside any class or def, and its imports */
    int32_t nnames;              /* (the table's slots) */
    const CollectedFacts *facts; /* the enabled rules' collectors' (summary_facts) */
    int32_t nfacts;
} ModuleSummary;

/* The name an entry of a table by name stands for. */
static inline const char *name_entry_name(const ModuleSummary *m, uint32_t what) {
    uint32_t i = what >> 2;
    return (what & 3) == NAME_CLASS      ? m->classes[i].name
           : (what & 3) == NAME_FUNCTION ? m->functions[i].name
                                         : m->imports[i].bound;
}

static inline const MethodCode *func_code(const ModuleSummary *m, int32_t f) {
    return m->code ? m->code[f] : NULL;
}
/* Sets function f's code (m->code is made in `out` for the first); false when out of memory. */
bool summary_set_code(Arena *out, ModuleSummary *m, int32_t f, const MethodCode *c);

/* A function's qualified name as CPython spells it (Class.method, outer.<locals>.inner), in buf
 * and cut to n - 1 bytes; returns buf. */
const char *func_qualname(const ModuleSummary *m, const FuncSum *f, char *buf, size_t n);
enum { QUALNAME_MAX = 512 };

/* Whether function i of m may be one of DW303's clones (CheckOptions.stale_clones): not nested
 * in a function (the history keeps those as part of it), not a stub, with DRIFT_MIN_COMMON to
 * DRIFT_MAX_UNITS statements. index_fill_bodies makes their code when asked (stale_clones). */
bool index_clone_candidate(const ModuleSummary *m, int32_t i);

/* DW301's limits, which index_fill_bodies also applies before it makes any hash: the default
 * share of statements alike, the fewest statements alike, the most statements compared. */
#define DRIFT_THRESHOLD 0.6
enum { DRIFT_MIN_COMMON = 4, DRIFT_MAX_UNITS = 2000 };

/* What to record for the queries and the whole-tree rules. */
enum { SUMMARY_MAX_COLLECTORS = 8 };
typedef struct SummaryOptions {
    const char *callers_of; /* record call sites of this name (the last part of a qualified
                               name), with their guards; NULL: none */
    const char *after;      /* --after NAME: record which calls of NAME dominate each site */
    /* the collectors of the enabled whole-tree rules (collect.h), each once */
    const struct Collector *collect[SUMMARY_MAX_COLLECTORS];
    int ncollect;
    bool method_bodies; /* DW301, DW302 will compare methods: index_fill_bodies will be
                           called (method spans are always recorded) */
    bool read_once;     /* the file cannot be read again (standard input): what is made
                           on demand by reading it again otherwise (method hashes, and the
                           bindings the rules ask about) is made during extraction */
    /* what index_fill_bodies prepares, from the rules' own conditions: the pairs DW302 may find
     * identical, and those DW301 may find near copies (at least `similar` of their statements
     * alike; 0: DW301 is off) */
    bool identical;
    double similar;
    bool stale; /* DW303: every pair with DRIFT_MIN_COMMON statements alike, whatever the share */
    bool stale_clones; /* DW303's clones: the code of every function that could be a copy */
} SummaryOptions;

/* Module name of a file path: package roots by __init__.py up from the file. */
const char *index_module_name(Arena *a, const char *path, bool *is_package);

/* The hash of a file's text that ModuleSummary.text_hash holds (not cryptographic: it tells a
 * file changed during the run from the one analyzed). */
uint64_t index_text_hash(const char *text, size_t len);

/* Extracting a summary: begin with the parsed module (the structural part is extracted at once),
 * then give every code unit's control-flow graph (module, class and function bodies, as
 * check.c builds them) to summary_unit, then finish. Strings and arrays go to `out`; `scratch`
 * is the file's arena; generated: source_is_generated(src), which the caller has asked. */
typedef struct SumBuilder SumBuilder;
typedef struct SumReader SumReader;
struct Cfg;
struct ParseResult;
SumBuilder *summary_begin(Arena *out, Arena *scratch, const char *path, const Node *module,
                          const SourceText *src, const struct ParseResult *pr,
                          const SummaryOptions *opt, bool generated);
/* Called for the nodes of the walk whose kind summary_visits marks (SUMMARY_ENTER: before its
 * children, SUMMARY_LEAVE: after them); the rest of the nodes, most of them, say nothing to a
 * summary. enter returns true when the node's code unit needs its graph given to summary_unit. */
enum { SUMMARY_ENTER = 1, SUMMARY_LEAVE = 2 };
const uint8_t *summary_visits(const SumBuilder *sb); /* per AST kind */
bool summary_enter(SumBuilder *sb, const Node *n, const Node *parent);
void summary_leave(SumBuilder *sb, const Node *n);
void summary_unit(SumBuilder *sb, const Node *unit, struct Cfg *g);
/* NULL when out of memory. */
ModuleSummary *summary_finish(SumBuilder *sb);

/* The hashes of a method's body and signature from its FunctionDef node, lines shifted by
 * line_offset, in `out`. NULL when out of memory. */
const MethodCode *summary_method_hashes(Arena *out, Arena *scratch, const Node *fn,
                                        int32_t line_offset);

/* Makes m's lookup tables by name (ModuleSummary.names, ClassSum.byname) in `out`: called by
 * summary_finish and summary_decode. False when out of memory. */
bool summary_index_names(Arena *out, ModuleSummary *m);

/* How `name` is bound in function node fn: BINDING_LOCAL (a parameter, or bound anywhere in
 * its body), BINDING_GLOBAL (declared global there), BINDING_NONE; -1 when out of memory. */
enum { BINDING_NONE, BINDING_LOCAL, BINDING_GLOBAL };
int summary_binding_of(Arena *scratch, const Node *fn, const char *name);
/* The same for many names: fn's bindings once (NULL when out of memory), then each name's. */
typedef struct Bindings Bindings;
const Bindings *summary_bindings(Arena *scratch, const Node *fn);
int summary_binding_in(const Bindings *t, Str name);

/* A summary as bytes, for the result cache (summary_io.c), and back: decode gives NULL when the
 * bytes are not a whole summary as this build writes them with the collectors of `opt` (the
 * caller then parses the file). Strings and arrays go to `a`; `path` is the file's display path,
 * which the bytes do not hold. */
void summary_encode(Buf *b, const ModuleSummary *m);
ModuleSummary *summary_decode(Arena *a, const void *data, size_t len, const char *path,
                              const SummaryOptions *opt);

/* ---- the tree ----------------------------------------------------------------------------- */

/* An entity a name resolves to. */
typedef enum EntityKind { ENT_NONE, ENT_MODULE, ENT_CLASS, ENT_FUNCTION } EntityKind;
typedef struct Entity {
    uint8_t kind;
    int32_t module; /* index into index->modules */
    int32_t item;   /* class or function index in that module (-1 for a module) */
} Entity;

typedef struct ClassRef {
    int32_t module, cls;
} ClassRef;

/* Why a class has no MRO (ClassInfo.mro_why). */
typedef enum MroWhy {
    MRO_OK,
    MRO_UNRESOLVED,   /* a base (of the class or of an ancestor) is not a class of the tree */
    MRO_CYCLE,        /* its bases lead back to it (through imports that Python could not run) */
    MRO_INCONSISTENT, /* C3 finds no order: Python raises TypeError */
    MRO_TOO_LONG,     /* longer than MRO_MAX */
} MroWhy;

/* The longest MRO the index computes. A class's MRO is as long as its ancestry, so a chain of n
 * classes has MROs of n(n+1)/2 classes in all, and every lookup along one costs its length: past
 * this bound a class has no MRO (MRO_TOO_LONG) and lookups in it are uncertain, which keeps the
 * index's work linear in the number of classes. The longest MRO in the 3.13 standard library
 * has 17 classes, in the 31 real trees measured 32 (SQLAlchemy's TextualSelect): the bound is
 * thirty times the deepest real hierarchy. */
enum { MRO_MAX = 1000 };
#define MRO_MAX_TEXT "1000"

/* A class's bases and MRO. The index's class graph has no cycle: a base that would close one is
 * made unresolved (MRO_CYCLE), so every walk along bases or subclasses ends. */
typedef struct ClassInfo {
    ClassRef *bases; /* resolved bases ({-1, i} for an unresolved one, {-2, i} for one that
                        closes a cycle, i its place in the ClassSum's bases) */
    int32_t nbases;
    /* The MRO (C3, the class first), when mro_complete: the `nown` classes of `own`, then the
     * whole MRO of `rest` ({-1, -1}: none). A class with one base shares that base's MRO (own is
     * the class alone), so a chain of n classes holds n entries, not n(n+1)/2. Read it with
     * mro_begin / mro_next. When a chain of single bases ends in one outside the tree
     * (MRO_UNRESOLVED, not mro_complete), the part known, up to that base, is kept the same way
     * (nown is 0 when nothing is known: no MRO, or several bases with one outside the tree). */
    ClassRef *own;
    int32_t nown;
    ClassRef rest;
    int32_t nmro; /* its length */
    bool mro_complete;
    uint8_t mro_why;      /* MroWhy */
    bool mi_below;        /* some class deriving from it (not itself) has two or more bases */
    ClassRef *subclasses; /* direct subclasses in the tree */
    int32_t nsub, capsub;
} ClassInfo;

typedef struct FuncRef {
    int32_t module, fn;
} FuncRef;

/* A method and the base method it overrides: the definitions that win in each class, and every
 * definition of the name there, in source order (a property's getter, setter and deleter are
 * three defs of one name; so are overloads), which the override rules compare one by one. */
typedef struct OverridePair {
    FuncRef method, base;
    const int32_t *defs, *base_defs; /* (functions of method.module, of base.module) */
    int32_t ndefs, nbase_defs;
} OverridePair;
enum { DEFS_MAX = 8 }; /* (a name defined more often in one class is not compared) */

typedef struct ProjectIndex {
    Arena arena;
    ModuleSummary **modules;
    int32_t nmodules;
    ClassInfo **classes; /* classes[m][c] */
    /* modules by dotted name, in open-addressing tables of mod_hash_cap slots: by name, the
     * first in path order (mod_hash) and the one an import finds when a single root holds the
     * name, else -1 (mod_only); by name and root, the one an import from that root finds
     * (mod_in_root) */
    int32_t *mod_hash, *mod_only, *mod_in_root;
    int32_t mod_hash_cap;
    int32_t *root_len;        /* per module: its root, the first root_len bytes of its path */
    uint64_t *root_hash;      /* (their hash) */
    int32_t nambiguous;       /* module names found in more than one root */
    const char *ambiguous[4]; /* (the first few of them) */
    /* every class of the tree, bases before the classes deriving from them; a class's number
     * (class_id) is class_first[its module] + its index there */
    ClassRef *order;
    int32_t nclasses;
    int32_t *class_first;
    /* the pairs DW301 and DW302 could report, by their conditions that need no hash (see
     * index_fill_bodies, which makes the hashes of these and of no others) */
    OverridePair *pairs;
    int32_t npairs;
    /* files read again from memory, not disk (RunOptions.overlay, set by run_files); NULL */
    const SourceOverlay *overlay;
} ProjectIndex;

/* Builds the index over the summaries (which stay owned by the caller). False on OOM. */
bool index_build(ProjectIndex *ix, ModuleSummary **mods, int32_t n);
void index_free(ProjectIndex *ix);

/* A module by its dotted name: the first of that name in path order (for names a user gives). */
int32_t index_find_module(const ProjectIndex *ix, const char *name);
/* The module an import in module m of `name` finds, as Python's import system would from the
 * roots the tree has: a module of the tree is imported from its root (the directory holding its
 * top-level package, or the module itself when it is top-level), which for the file's own imports
 * is on sys.path. So of the modules named so, the one in m's root wins (a package over a module
 * of the same name beside it, as CPython's path finder does); else the only one there is; else,
 * when several roots hold one and m's does not, which one Python imports depends on sys.path:
 * none (-1; ProjectIndex.ambiguous lists such names). */
int32_t index_find_module_from(const ProjectIndex *ix, int32_t m, const char *name);
/* Whether module m binds `name` at top level by a def, a class or an import (its names table:
 * not by an assignment). */
bool index_module_binds(const ModuleSummary *m, const char *name);
/* What `name` means at module level in module m (following imports and re-exports). */
Entity index_resolve_name(const ProjectIndex *ix, int32_t m, const char *name);
/* Where the object `name` names at module m's top level comes from: following the imports that
 * bind it (re-exports), the module whose own statement binds it (module; -1 when that is
 * outside the tree: then module_text is the module imported from), and the name it has there
 * (NULL: the module itself, `import os`). */
typedef struct Origin {
    int32_t module;
    const char *module_text;
    const char *name;
} Origin;
Origin index_origin(const ProjectIndex *ix, int32_t m, const char *name);
/* The ancestors of class r along resolved bases (r first), each once, MRO_MAX at most, into
 * *out (in `a`); how many, or -1 when out of memory or there are more. */
int32_t index_ancestors(const ProjectIndex *ix, ClassRef r, Arena *a, ClassRef **out);
/* A dotted name ("a.b.C") from module m's scope. */
Entity index_resolve_dotted(const ProjectIndex *ix, int32_t m, const char *dotted);

static inline const ClassSum *index_class(const ProjectIndex *ix, ClassRef r) {
    return &ix->modules[r.module]->classes[r.cls];
}
static inline const ClassInfo *index_class_info(const ProjectIndex *ix, ClassRef r) {
    return &ix->classes[r.module][r.cls];
}
static inline int32_t class_id(const ProjectIndex *ix, ClassRef r) {
    return ix->class_first[r.module] + r.cls;
}
static inline bool class_same(ClassRef a, ClassRef b) {
    return a.module == b.module && a.cls == b.cls;
}

/* Reading an MRO (or the part known of it): `for (MroIter it = mro_begin(ix, r);
 * mro_next(&it, &c);)`. */
typedef struct MroIter {
    const ProjectIndex *ix;
    const ClassInfo *seg; /* the class whose own part is being read; NULL at the end */
    int32_t i;
} MroIter;
static inline MroIter mro_begin(const ProjectIndex *ix, ClassRef r) {
    const ClassInfo *ci = index_class_info(ix, r);
    return (MroIter){ix, ci->nown ? ci : NULL, 0};
}
static inline bool mro_next(MroIter *it, ClassRef *out) {
    while (it->seg) {
        if (it->i < it->seg->nown) {
            *out = it->seg->own[it->i++];
            return true;
        }
        it->seg = it->seg->rest.module >= 0 ? index_class_info(it->ix, it->seg->rest) : NULL;
        it->i = 0;
    }
    return false;
}
/* The place of class k in r's MRO (or the part known of it), or -1. */
int32_t index_mro_position(const ProjectIndex *ix, ClassRef r, ClassRef k);
/* Whether class d derives from class k (or is k): along its MRO, or when it has none along its
 * resolved bases (each class once, MRO_MAX of them at most). */
bool index_derives(const ProjectIndex *ix, ClassRef d, ClassRef k);

/* Makes the body hashes of the methods the override rules compare: every method that overrides a
 * base method found in the tree, and that base method, where the rules in opt could report the
 * pair (their conditions on flags and statement counts) (bodies.c). Files are read again, on up
 * to `jobs` threads, and must hold the text they held when analyzed (its length and hash);
 * *unread counts the methods whose file could not be read or changed since (they stay without
 * hashes). False when out of memory. */
bool index_fill_bodies(ProjectIndex *ix, const SummaryOptions *opt, int jobs, int32_t *unread);
/* Makes the body hashes that the pairs of the last index_fill_bodies need and the summaries do
 * not hold (a summary replaced since by one with the same structure and the same marks: see
 * index_same_structure, index_same_marks). False when out of memory. */
bool index_fill_pairs(ProjectIndex *ix, int jobs, int32_t *unread);
/* Whether index_fill_bodies would mark the same pairs with summary b in place of a (of the same
 * structure): every function's flags, statement count and shape are the same. */
bool index_same_marks(const ModuleSummary *a, const ModuleSummary *b);
/* Whether index_build makes the same index (the same resolutions, classes, MROs) with summary b
 * in place of a: the same module, classes, bases, functions and imports, and the bindings by
 * which a base's name is resolved in the same order (their lines may have moved). A built index
 * then stays right when ix->modules[m] is replaced by b (resolve.c). */
bool index_same_structure(const ModuleSummary *a, const ModuleSummary *b);
/* The same for one module's functions marked in need[] (bytes: the file's bytes, or NULL to read
 * the file at m->path, through the overlay when given); hashes go to `out`. Returns how many
 * could not be made, or -1 on OOM. */
int32_t index_fill_module_bodies(ModuleSummary *m, const SourceOverlay *ov, const uint8_t *need,
                                 const char *bytes, size_t len, Arena *out, Arena *scratch);

/* The text of the file read last by a rule's questions about code (a rule asks them module by
 * module: each file is read again once, not once per question). */
typedef struct ReadAgain {
    int32_t module; /* -1: none yet */
    const SourceText *text;
    char *owned;
    Arena arena;
} ReadAgain;
void index_read_again_init(ReadAgain *ra);
void index_read_again_free(ReadAgain *ra);
/* Module m's text as it was analyzed, read again unless it is the one read last; NULL when the
 * file cannot be read or no longer holds that text. A text whose bytes were read as UTF-8 has
 * encoding "utf-8" (what fixes need). Owned by ra. */
const SourceText *index_module_text(const ProjectIndex *ix, ReadAgain *ra, int32_t m);

/* Whether `name` is a local of function fn of module m (a parameter, or bound in its body) or
 * of a function it is nested in, the nearest deciding (a `global` declaration: no): what
 * summaries leave unchecked for the calls DW203 may report (LOCAL_UNCHECKED). The functions are
 * read and parsed again (bodies.c). True too when they cannot be read as they were. */
bool index_bound_locally(const ProjectIndex *ix, ReadAgain *ra, int32_t m, int32_t fn,
                         const char *name);

/* What a module binds at module level by any statement (assignments, loops, `with`, `global` in
 * a def, imports, defs, classes), read from the file again (bodies.c): for DW302, which
 * compares the global names two methods read. NULL when the file cannot be read as it was, or
 * out of memory. */
typedef struct ModuleBindings ModuleBindings;
const ModuleBindings *index_module_bindings(const ProjectIndex *ix, int32_t m, Arena *a);
/* How it binds `name`: not at all (a builtin, or undefined); once, by a def, a class or an
 * import (the index resolves it); or otherwise (an assignment or any other statement, more than
 * one binding, or maybe a star import). */
enum { MODULE_UNBOUND, MODULE_BOUND_ONCE, MODULE_BOUND_OTHER };
int module_binding(const ModuleBindings *b, const char *name);

/* Whether class r has a base class found in the tree (a method of r can override one there). */
static inline bool index_has_base(const ProjectIndex *ix, ClassRef r) {
    const ClassInfo *ci = &ix->classes[r.module][r.cls];
    for (int32_t b = 0; b < ci->nbases; b++)
        if (ci->bases[b].module >= 0) return true;
    return false;
}

/* The method `name` defined directly in class r, or -1. */
int32_t index_class_method(const ProjectIndex *ix, ClassRef r, const char *name);
/* Looks `name` up along the MRO of r, starting at position `from` (0: r itself, 1: after r as
 * super() does). Returns true and sets *owner and *fn when found in a resolved class; sets
 * *uncertain when an unresolved base lies on the way (the answer may be elsewhere), or when r
 * has no MRO for another reason (MroWhy). */
bool index_lookup_method(const ProjectIndex *ix, ClassRef r, const char *name, int from,
                         ClassRef *owner, int32_t *fn, bool *uncertain);

/* The function a call (a CallRef from module m's summary) resolves to: f() through the module's
 * names and imports, a.b.f() through a module or a class, self.m() and cls.m() through the MRO of
 * the call's class, super().m() through what follows it there. False when it is no function of
 * the tree, or not certainly that one (an unresolved base on the way). The name a call goes
 * through is taken as the module's unless the CallRef says LOCAL_YES (LOCAL_UNCHECKED is not
 * asked here: see index_bound_locally); for self.m(), a class deriving from the call's may
 * override m. */
bool index_resolve_call(const ProjectIndex *ix, int32_t m, const CallRef *c, FuncRef *out);

/* The classes deriving from r (not r), each once, into *out (in `a`); with `mi_only`, only
 * those with two or more bases in the tree: the only classes where what follows r in their MRO
 * can differ from what follows r in its own. Returns how many, or -1 when out of memory. */
int32_t index_descendants(const ProjectIndex *ix, ClassRef r, bool mi_only, Arena *a,
                          ClassRef **out);

#endif
