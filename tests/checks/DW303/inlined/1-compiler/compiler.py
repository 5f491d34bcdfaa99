class Compiled:
    def process(self, obj, **kw):
        """Compile a clause."""
        return obj._compiler_dispatch(self, **kw)

    def helper(self, values):
        return self.render_values(values)

    def limit_of(self, select):
        return self.render_literal(select._limit)


class SQLCompiler(Compiled):
    def visit_select(self, select, **kw):
        froms = self.froms_of(select)
        text = "SELECT " + self.columns_of(select)
        text += " FROM " + ", ".join(froms)
        if select._where_criteria is not None:
            where = self.process(select._where_criteria, **kw)
            text += " WHERE " + where
        order_by = self.process(select._order_by_clause, **kw)
        if order_by:
            text += " ORDER BY " + order_by
        if select._limit is not None:
            text += " LIMIT " + self.limit_of(select)
        return text

    def visit_update(self, update, **kw):
        table = self.table_of(update)
        text = "UPDATE " + table
        values = self.helper(update._values)
        text += " SET " + values
        text += self.where_of(update)
        self.updates += 1
        return text
