from compiler import SQLCompiler


class MSSQLCompiler(SQLCompiler):
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
        text = self.with_table_hints(text, select)
        return text

    def visit_update(self, update, **kw):
        table = self.table_of(update)
        text = "UPDATE " + table
        values = self.helper(update._values)
        text += " SET " + values
        text += self.where_of(update)
        self.updates += 1
        text = self.with_table_hints(text, update)
        return text
