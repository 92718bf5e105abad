import type { Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// Proof of delivery (issue 60, point 1; decision 107): a deliverable's evidence (a re-encoded photo or
// screenshot in the blob store, a link, a note) and the sponsor's reactions. `content_key` is the
// SHA-256 of what was given (the upload's bytes, the link, the note), unique per deliverable: the same
// thing sent twice (a double click) is one piece. The thumbs up is a conditional update of its column;
// a comment's `text_key` (its text's SHA-256) is unique per piece for the same reason.
export function deliveryEvidence(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      await withIdColumn(engine, db.schema.createTable('deliverable_evidence'))
        .addColumn('deliverable_id', 'integer', (col) =>
          col.notNull().references('deliverables.id').onDelete('cascade'),
        )
        .addColumn('sponsorship_id', 'integer', (col) => col.notNull())
        .addColumn('kind', 'varchar(20)', (col) => col.notNull())
        .addColumn('content_key', 'varchar(64)', (col) => col.notNull())
        .addColumn('note', 'varchar(2000)')
        .addColumn('url', 'varchar(2000)')
        .addColumn('blob_key', 'varchar(200)')
        .addColumn('thumb_key', 'varchar(200)')
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('bytes', 'integer')
        .addColumn('added_at', time, (col) => col.notNull())
        .addColumn('added_by', 'varchar(320)', (col) => col.notNull())
        .addColumn('thumbs_up_at', time)
        .addColumn('thumbs_up_by', 'varchar(320)')
        .addUniqueConstraint('deliverable_evidence_content', ['deliverable_id', 'content_key'])
        .execute();
      await db.schema
        .createIndex('deliverable_evidence_sponsorship')
        .on('deliverable_evidence')
        .columns(['sponsorship_id', 'id'])
        .execute();
      await withIdColumn(engine, db.schema.createTable('deliverable_evidence_comments'))
        .addColumn('evidence_id', 'integer', (col) =>
          col.notNull().references('deliverable_evidence.id').onDelete('cascade'),
        )
        .addColumn('at', time, (col) => col.notNull())
        .addColumn('actor', 'varchar(320)', (col) => col.notNull())
        .addColumn('text', 'varchar(1000)', (col) => col.notNull())
        .addColumn('text_key', 'varchar(64)', (col) => col.notNull())
        .addUniqueConstraint('deliverable_evidence_comment_text', ['evidence_id', 'text_key'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('deliverable_evidence_comments').execute();
      await db.schema.dropTable('deliverable_evidence').execute();
    },
  };
}
