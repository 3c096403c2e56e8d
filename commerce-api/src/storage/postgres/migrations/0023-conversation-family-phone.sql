-- The phone a family gave with its inquiry, shown to the seller in the conversation
-- (docs/decisions/0137-menus-by-role-and-the-familys-phone.md). Null: none given yet.

ALTER TABLE conversations ADD COLUMN buyer_phone text;
