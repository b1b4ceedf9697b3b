import Database from 'better-sqlite3';
const db = new Database(process.argv[2], { readonly: false });
const time = (label, sql, ...params) => {
  const st = db.prepare(sql);
  st.all(...params);
  const t0 = performance.now();
  let n = 0;
  for (let i = 0; i < 10; i++) n = st.all(...params).length;
  console.log(label, ((performance.now() - t0) / 10).toFixed(2), 'ms', n, 'rows');
  console.log('   ', db.prepare('explain query plan ' + sql).all(...params).map((r) => r.detail).join(' | '));
};
for (const q of process.argv.slice(3)) {
  const [label, sql] = q.split('::');
  time(label, sql);
}
