-- The attendance history names a closed sale and an undone one.
ALTER TYPE "AttendanceLogAction" ADD VALUE 'budget_sold';
ALTER TYPE "AttendanceLogAction" ADD VALUE 'budget_sale_undone';
