-- Drives `lesson lsp` from Neovim's own LSP client (Neovim 0.7 and later), headless, as an author would:
-- open a lesson with a wrong expected line, accept the actual output, save, break another line, save, stop.
-- Each step writes one line to $LESSON_LSP_LOG; the test reads them.
local log = {}
local function note(text) table.insert(log, text) end
local buffer_diagnostics = function(buffer) return vim.diagnostic.get(buffer) end

vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('LESSON_LSP_FILE')))
local buffer = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({
  name = 'lesson',
  cmd = { os.getenv('LESSON_LSP_BINARY'), 'lsp', '--no-cache' },
  root_dir = vim.fn.fnamemodify(os.getenv('LESSON_LSP_FILE'), ':h'),
})
vim.lsp.buf_attach_client(buffer, client)

local function wait_for(predicate)
  return vim.wait(120000, function() return predicate(buffer_diagnostics(buffer)) end, 50)
end

local function describe(diagnostic)
  local code = diagnostic.code or (diagnostic.user_data and diagnostic.user_data.lsp and diagnostic.user_data.lsp.code)
  return 'line ' .. (diagnostic.lnum + 1) .. ' ' .. tostring(code)
end

if wait_for(function(d) return #d > 0 end) then
  note('opened: ' .. describe(buffer_diagnostics(buffer)[1]))
else
  note('opened: no diagnostic')
end

local params = {
  textDocument = { uri = vim.uri_from_bufnr(buffer) },
  range = { start = { line = 0, character = 0 }, ['end'] = { line = 200, character = 0 } },
  context = { diagnostics = {} },
}
local responses = vim.lsp.buf_request_sync(buffer, 'textDocument/codeAction', params, 120000) or {}
for _, response in pairs(responses) do
  for _, action in ipairs(response.result or {}) do
    note('action: ' .. action.title)
    vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
  end
end
note('accepted: ' .. vim.api.nvim_buf_get_lines(buffer, 9, 10, false)[1])

vim.cmd('write')
note('saved: ' .. (wait_for(function(d) return #d == 0 end) and 'no diagnostic' or 'still a diagnostic'))

vim.api.nvim_buf_set_lines(buffer, 10, 11, false, { 'iki: üç' })
vim.cmd('write')
if wait_for(function(d) return #d > 0 end) then
  note('broken: ' .. describe(buffer_diagnostics(buffer)[1]))
else
  note('broken: no diagnostic')
end

vim.lsp.stop_client(client)
note('stopped: ' .. tostring(vim.wait(30000, function() return vim.lsp.client_is_stopped(client) end, 50)))
vim.fn.writefile(log, os.getenv('LESSON_LSP_LOG'))
vim.cmd('qa!')
