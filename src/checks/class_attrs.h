/* class_attrs.h — what one file shows of its classes' attributes, for DW201: whether
 * `self.name = None` in a method of a class leaves `self.name` None.
 *
 * It does when reading the attribute back runs no code: the attribute is then the instance's own
 * entry. Code runs instead when the instance's class, or a class in its MRO, defines the name as a
 * property or another descriptor (a setter may store a default, a getter may compute one), or
 * defines `__setattr__` or `__getattribute__`; a class decorator, a metaclass or an
 * `__init_subclass__` could add such a definition unseen. So the answer is yes only when the file
 * shows the whole MRO and all of it is plain:
 *   - the class and each class in its MRO are defined in this file; a base is `object` or a name
 *     bound once at module level, by a `class` statement of a class that is itself at module
 *     level (a class with bases inside a function is unknown: its bases resolve there); any other
 *     base (imported, an attribute, a call, `Generic[T]`) makes the MRO unknown, and so does a
 *     `from m import *` (it may rebind any name);
 *   - none of them has a metaclass or other class keyword, a decorator other than `dataclass`
 *     (not frozen: a frozen dataclass's stores raise), `total_ordering` or `final`, or defines
 *     (or assigns) `__setattr__`, `__getattribute__` or `__init_subclass__`;
 *   - none of them binds the name in its body other than to a value that cannot be a descriptor
 *     (a constant, a display such as `[]` or `{}`, a lambda) or by a function without
 *     decorators (a function is a descriptor, but one without `__set__`: the instance's own
 *     entry wins); a call, a name or an import might give a property;
 *   - no class of this file that derives from the class (its bases naming it, transitively) does
 *     either, since `self` may be an instance of a subclass;
 *   - nothing in the file stores the name on a class (`Config.items = property(...)`,
 *     `setattr(Config, "items", ...)`, `cls.items = ...`, `type(self).items = ...`,
 *     `self.__class__.items = ...`): that may install a descriptor. A `setattr` on a class with a
 *     computed name counts for every name. (Stores on other objects are left alone: that they
 *     are a class of this file cannot be told, and counting them would silence most findings.)
 * Subclasses in other files cannot be seen from here: a subclass elsewhere that turns the name
 * into a property is the one case this cannot rule out.
 *
 * The file's classes are collected once, on first use, and each class's body is read once. */
#ifndef DW_CLASS_ATTRS_H
#define DW_CLASS_ATTRS_H

#include "check/check.h"

/* Is `self.attr` a plain instance attribute of class `cls` (a ClassDef of this file), as above? */
bool class_attr_is_plain(CheckCtx *cx, const Node *cls, Str attr);

#endif
